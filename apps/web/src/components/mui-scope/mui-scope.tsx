import { ThemeProvider } from '@mui/material/styles';
import type { ComponentType, ReactNode } from 'react';
import { dashboardTheme } from './theme.ts';

/**
 * The dashboard's MUI theme around what is drawn with MUI (its pages, dialogs, menus and tooltips).
 * Not around the whole app: the shell and the Inbox's first screen are static CSS, and a phone
 * that opens them loads no MUI (./lazy-mui.ts brings it with the first part that needs it).
 */
export function MuiScope({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={dashboardTheme()}>{children}</ThemeProvider>;
}

/** A component drawn inside the theme. */
export function inMuiScope<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return function Scoped(props: P) {
    return (
      <MuiScope>
        <Component {...props} />
      </MuiScope>
    );
  };
}
