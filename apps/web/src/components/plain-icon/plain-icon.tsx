import type { ReactNode, SVGProps } from 'react';
import css from './plain-icon.module.css';

export type PlainIcon = (props: SVGProps<SVGSVGElement>) => ReactNode;

/**
 * A Material icon as a plain `<svg>`: 1.5rem (a `font-size` on it or its parent changes that),
 * in the text's colour, hidden from screen readers (the control it sits in carries the name). The
 * factory of `@mui/icons-material/<Name>?plain` imports (../../../plain-icons-plugin.ts).
 */
export function createSvgIcon(path: ReactNode, name: string): PlainIcon {
  const Icon = ({ className, ...props }: SVGProps<SVGSVGElement>) => (
    <svg
      className={className ? `${css.icon} ${className}` : css.icon}
      viewBox="0 0 24 24"
      focusable="false"
      aria-hidden="true"
      data-testid={`${name}Icon`}
      {...props}
    >
      {path}
    </svg>
  );
  return Icon;
}
