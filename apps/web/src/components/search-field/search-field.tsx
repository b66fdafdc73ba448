import { useId } from 'react';
import css from './search-field.module.css';

/**
 * A search box as MUI's small outlined text field looked (a placeholder for its label, a helper line
 * under it when there is something to say), in static classes: a first screen draws it without
 * run-time styles.
 */
export function SearchField({
  label,
  value,
  onChange,
  helperText,
  maxLength,
}: {
  /** Its name, shown as the placeholder. */
  label: string;
  value: string;
  onChange: (value: string) => void;
  helperText?: string | undefined;
  maxLength?: number;
}) {
  const helper = useId();
  return (
    <div className={css.field}>
      <input
        type="search"
        className={css.input}
        placeholder={label}
        aria-label={label}
        aria-describedby={helperText ? helper : undefined}
        value={value}
        maxLength={maxLength}
        onChange={(e) => onChange(e.target.value)}
      />
      {helperText && (
        <p id={helper} className={css.helper}>
          {helperText}
        </p>
      )}
    </div>
  );
}
