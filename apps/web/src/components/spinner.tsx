import css from './spinner.module.css';

/** MUI's spinning circle in the theme's primary, drawn from static CSS. */
export function Spinner({ size = 40, label }: { size?: number; label: string }) {
  return (
    <span className={css.spinner} style={{ width: size, height: size }} role="progressbar" aria-label={label}>
      <svg viewBox="22 22 44 44" aria-hidden="true">
        <circle className={css.circle} cx="44" cy="44" r="20.2" fill="none" strokeWidth="3.6" />
      </svg>
    </span>
  );
}
