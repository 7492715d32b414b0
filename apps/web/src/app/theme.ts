import { createTheme } from '@mui/material/styles';

const fontFamily = [
  'Inter',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/** A calm teal-blue office theme: dense tables, quiet surfaces, clear focus. */
export const theme = createTheme({
  palette: {
    mode: 'light',
    primary: { main: '#17607a', light: '#4a8ea6', dark: '#0c4355', contrastText: '#ffffff' },
    secondary: { main: '#4f5b93' },
    background: { default: '#f3f6f8', paper: '#ffffff' },
    text: { primary: '#1d2a33', secondary: '#5b6b76' },
    divider: '#dde4ea',
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily,
    fontSize: 14,
    h1: { fontWeight: 600 },
    h6: { fontWeight: 600, fontSize: '1.1rem' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiCssBaseline: {
      styleOverrides: { body: { WebkitFontSmoothing: 'antialiased' } },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0 },
    },
    MuiPaper: {
      styleOverrides: { outlined: { borderColor: '#dde4ea' } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
    },
    MuiTextField: {
      defaultProps: { size: 'small', fullWidth: true },
    },
    MuiAutocomplete: {
      defaultProps: { size: 'small' },
    },
    MuiTableCell: {
      styleOverrides: {
        head: ({ theme }) => ({
          fontWeight: 600,
          color: '#3c4b55',
          backgroundColor: '#f7f9fb',
          whiteSpace: 'nowrap',
          // Below 1200 px wide (a 1024 px screen), two-word headers wrap so the columns fit.
          [theme.breakpoints.down('lg')]: { whiteSpace: 'normal' },
        }),
        sizeSmall: ({ theme }) => ({
          paddingTop: 8,
          paddingBottom: 8,
          [theme.breakpoints.down('lg')]: { paddingLeft: 10, paddingRight: 10 },
        }),
      },
    },
    MuiTableRow: {
      styleOverrides: { root: { '&:last-child td': { borderBottom: 0 } } },
    },
    MuiTooltip: {
      defaultProps: { arrow: true },
    },
    MuiDialogTitle: {
      styleOverrides: { root: { fontWeight: 600, fontSize: '1.1rem' } },
    },
  },
});
