/** @jsxImportSource preact */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { AlertIcon, EyeIcon, EyeOffIcon } from './icons.tsx';

interface FieldProps {
  name: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string;
  type?: string;
  autoComplete?: string;
  placeholder?: string;
  onInput: (value: string) => void;
  onBlur: (event: FocusEvent) => void;
  /** Something inside the input's box, after it (the show-password button). */
  end?: ComponentChildren;
}

/** A labelled input; its message (or hint) below it is what screen readers hear with it. */
export function TextField({
  name,
  label,
  error,
  hint,
  type = 'text',
  end,
  onInput,
  autoComplete,
  ...rest
}: FieldProps) {
  const id = `field-${name}`;
  const note = error ?? hint;
  return (
    <div class={`field${error ? ' field-error' : ''}`}>
      <label for={id}>{label}</label>
      <div class="input-box">
        <input
          id={id}
          name={name}
          type={type}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={note ? `${id}-note` : undefined}
          onInput={(e) => onInput((e.target as HTMLInputElement).value)}
          autocomplete={autoComplete}
          {...rest}
        />
        {end}
      </div>
      {note && (
        <p id={`${id}-note`} class="field-note">
          {note}
        </p>
      )}
    </div>
  );
}

/** A password input with a show/hide button. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'end'>) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? 'text' : 'password'}
      end={
        <button
          type="button"
          class="icon-button"
          aria-label={shown ? 'Hide password' : 'Show password'}
          aria-pressed={shown}
          onClick={() => setShown(!shown)}
        >
          {shown ? <EyeOffIcon size={20} /> : <EyeIcon size={20} />}
        </button>
      }
    />
  );
}

/** A server message above a form, which the merchant can dismiss. Nothing without a message. */
export function ErrorAlert({ message, onClose }: { message: string | null; onClose?: () => void }) {
  if (!message) return null;
  return (
    <div class="alert" role="alert">
      <AlertIcon size={20} />
      <p>{message}</p>
      {onClose && (
        <button type="button" class="icon-button" aria-label="Dismiss" onClick={onClose}>
          ×
        </button>
      )}
    </div>
  );
}

/** The form's main button; says what it is doing while the call runs. */
export function SubmitButton({ busy, children }: { busy: boolean; children: ComponentChildren }) {
  return (
    <button
      type="submit"
      class="button button-primary button-large button-block"
      disabled={busy}
      aria-busy={busy}
    >
      {busy && <span class="spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** The title and one line of text above a form. */
export function FormHeading({ title, text }: { title: string; text?: string | undefined }) {
  return (
    <div class="form-heading">
      <h1>{title}</h1>
      {text && <p class="muted">{text}</p>}
    </div>
  );
}
