import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import css from './buttons.module.css';

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

type IconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** Its name: an icon alone says nothing to a screen reader. */
  'aria-label': string;
  /** At the start of a bar: drawn flush with its edge (MUI's `edge="start"`). */
  edge?: 'start';
};

/** A round button holding an icon. */
export function IconButton({ edge, className, type = 'button', ...props }: IconButtonProps) {
  return (
    <button type={type} className={classes(css.icon, edge === 'start' && css.start, className)} {...props} />
  );
}

/** A round link holding an icon, or a picture such as the merchant's initial. */
export function IconLink({ className, ...props }: LinkProps & { 'aria-label': string }) {
  return <Link className={classes(css.icon, className)} {...props} />;
}

/** A text button, an icon before its words when given; in the text's colour unless `primary`. */
export function TextButton({
  icon,
  primary,
  children,
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { icon?: ReactNode; primary?: boolean }) {
  return (
    <button type={type} className={classes(css.text, primary && css.primary, className)} {...props}>
      {icon}
      {children}
    </button>
  );
}
