import type { FieldValues, Path, RegisterOptions, UseFormReturn } from 'react-hook-form';

/**
 * Props that bind an MUI TextField to a react-hook-form field: the input element gets the ref (so
 * focus moves to the first invalid field), and the field's message replaces the hint when invalid.
 */
export function fieldProps<T extends FieldValues>(
  form: UseFormReturn<T>,
  name: Path<T>,
  options?: { hint?: string; register?: RegisterOptions<T, Path<T>> },
) {
  const { ref, ...registered } = form.register(name, options?.register);
  const message = form.getFieldState(name, form.formState).error?.message;
  return { ...registered, inputRef: ref, error: Boolean(message), helperText: message ?? options?.hint };
}
