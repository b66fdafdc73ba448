import css from './toggle-group.module.css';

export interface ToggleOption<T> {
  value: T;
  label: string;
}

/**
 * One choice out of a few, as a row of joined buttons (MUI's small exclusive ToggleButtonGroup looked
 * so): a named group (a fieldset) of toggle buttons, the chosen one pressed. Drawn from static CSS, so a page's
 * first screen inserts no style rule for it and its first commit starts no second one.
 */
export function ToggleGroup<T extends string | number>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  /** The chosen option's value; none is pressed when it is undefined. */
  value: T | undefined;
  options: ToggleOption<T>[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset aria-label={label} className={css.group}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className={css.button}
          aria-pressed={option.value === value}
          onClick={() => {
            if (option.value !== value) onChange(option.value);
          }}
        >
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}
