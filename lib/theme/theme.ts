import { createTheme } from '@mui/material/styles';

/** The spec's default colour. Issue 3 adds the other named themes; they all derive from this base. */
export const defaultColour = '#409EFF';

// System fonts only: the portal must not load fonts from other hosts (intranets behind proxies cannot reach them).
export const fontFamily = [
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"Noto Sans SC"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

export const theme = createTheme({
  cssVariables: true,
  palette: {
    primary: { main: defaultColour, contrastText: '#fff' },
    background: { default: '#f0f2f5' },
  },
  typography: { fontFamily, fontSize: 14 },
  shape: { borderRadius: 4 },
  components: {
    MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
  },
});
