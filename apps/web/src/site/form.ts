import { useState } from 'preact/hooks';
import type { z } from 'zod';

/**
 * When a field shows its message: 'touched' once the merchant has left it (then as they type), as on
 * sign-up and log-in; 'submit' only after submitting, each message cleared as soon as they type there.
 */
export type Mode = 'touched' | 'submit';

type Values = Record<string, string>;

/** The first message of each field, from the form's zod schema (the contract the server checks too). */
function messagesOf(schema: z.ZodType, values: Values): Record<string, string> {
  const result = schema.safeParse(values);
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const name = String(issue.path[0] ?? '');
    if (name && !(name in out)) out[name] = issue.message;
  }
  return out;
}

/** A small form state: values, messages shown, and submit with the values the schema accepted. */
export function useForm<T extends Values>(schema: z.ZodType, initial: T, mode: Mode = 'touched') {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Set<string>>(new Set());
  const [shown, setShown] = useState<Record<string, string>>({});
  const [submitting, setSubmitting] = useState(false);

  const live = mode === 'touched' ? messagesOf(schema, values) : {};
  const errors: Record<string, string> =
    mode === 'touched'
      ? { ...Object.fromEntries(Object.entries(live).filter(([name]) => touched.has(name))), ...shown }
      : shown;

  const field = (name: keyof T & string) => ({
    name,
    value: values[name] ?? '',
    error: errors[name],
    onInput: (value: string) => {
      setValues((v) => ({ ...v, [name]: value }));
      // A server's or a submit's message goes as soon as the merchant types in that field.
      setShown(({ [name]: _, ...rest }) => rest);
    },
    onBlur: (event: FocusEvent) => {
      // Leaving the field for the submit button: the submit checks everything. Showing this field's
      // message now would move the button away between the press and the release, losing the click.
      if ((event.relatedTarget as HTMLElement | null)?.getAttribute('type') === 'submit') return;
      setTouched((t) => (t.has(name) ? t : new Set(t).add(name)));
    },
  });

  /** Runs `handler` with the values when they pass the schema; otherwise shows every message. */
  const submit = (handler: (values: T) => Promise<void>) => async (event: Event) => {
    event.preventDefault();
    const found = messagesOf(schema, values);
    setTouched(new Set(Object.keys(values)));
    if (Object.keys(found).length > 0) {
      setShown(found);
      // Focus goes to the first field that needs the merchant.
      const first = Object.keys(values).find((name) => name in found);
      if (first) (document.querySelector(`[name="${first}"]`) as HTMLElement | null)?.focus();
      return;
    }
    setShown({});
    setSubmitting(true);
    try {
      await handler(values);
    } finally {
      setSubmitting(false);
    }
  };

  /** Puts the server's per-field messages on the fields it names. */
  const showServerErrors = (fields: Record<string, string>) => setShown((s) => ({ ...s, ...fields }));

  return { values, errors, field, submit, submitting, showServerErrors };
}
