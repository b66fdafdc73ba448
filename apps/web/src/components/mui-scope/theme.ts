import { breakpoints, themePrimary } from '@balas/contracts';
import { alpha, createTheme, type Theme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

const ink = '#17212b';
const muted = '#5b6675';
const line = '#e6eaee';
/** Hover and text on the light tint: darker still, so small text passes AA on #e8f7f0 too. */
const primaryDark = '#17603f';

/**
 * MUI's light theme of spec §9 (white background and surface, sm 600 … xxl 2560) with a primary that meets
 * WCAG 2.2 AA under white text; every palette colour that carries text passes 4.5:1. Built on first
 * use, not as the module loads: on a phone it is a slice of work of its own (main.tsx).
 */
export function dashboardTheme(): Theme {
  built ??= buildTheme();
  return built;
}

let built: Theme | undefined;

const buildTheme = () =>
  createTheme({
    breakpoints: { values: breakpoints },
    palette: {
      mode: 'light',
      primary: { main: themePrimary, dark: primaryDark, light: '#e8f7f0', contrastText: '#ffffff' },
      secondary: { main: '#35495e' },
      warning: { main: '#b45309', contrastText: '#ffffff' },
      info: { main: '#01579b' },
      success: { main: '#2e7d32' },
      background: { default: '#ffffff', paper: '#ffffff' },
      text: { primary: ink, secondary: muted },
      divider: line,
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily:
        'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
      h1: { fontWeight: 800, letterSpacing: '-0.03em', lineHeight: 1.1 },
      h2: { fontWeight: 800, letterSpacing: '-0.02em', lineHeight: 1.15 },
      h3: { fontWeight: 700, letterSpacing: '-0.01em' },
      h4: { fontWeight: 700, letterSpacing: '-0.01em' },
      h5: { fontWeight: 700 },
      h6: { fontWeight: 700 },
      subtitle2: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiButton: {
        defaultProps: { disableElevation: true },
        styleOverrides: { root: { borderRadius: 8, paddingInline: 16 }, sizeLarge: { paddingBlock: 10 } },
      },
      MuiCard: {
        defaultProps: { variant: 'outlined' },
        styleOverrides: { root: { borderRadius: 14, borderColor: line } },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
      MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
      MuiLink: { defaultProps: { color: primaryDark, underline: 'hover' } },
      MuiAlert: { styleOverrides: { root: { borderRadius: 10 } } },
      MuiListItemButton: {
        styleOverrides: {
          root: {
            borderRadius: 8,
            '&.Mui-selected': { backgroundColor: alpha(themePrimary, 0.12), color: primaryDark },
            '&.Mui-selected .MuiListItemIcon-root': { color: primaryDark },
          },
        },
      },
      MuiTooltip: { defaultProps: { arrow: true } },
    },
  });
