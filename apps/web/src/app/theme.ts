import { breakpoints, themePrimary } from '@balas/contracts';
import { createTheme } from '@mui/material/styles';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

/** Light theme, primary #42b883, the spec's breakpoints (sm 600, md 960, lg 1280, xl 1920, xxl 2560). */
export const theme = createTheme({
  breakpoints: { values: breakpoints },
  palette: {
    mode: 'light',
    primary: { main: themePrimary, contrastText: '#ffffff' },
    secondary: { main: '#35495e' },
    background: { default: '#f6f8f7', paper: '#ffffff' },
    text: { primary: '#1f2a37', secondary: '#5b6675' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontWeight: 800, letterSpacing: '-0.02em' },
    h2: { fontWeight: 800, letterSpacing: '-0.02em' },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700 },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiTextField: { defaultProps: { fullWidth: true, size: 'medium' } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
  },
});
