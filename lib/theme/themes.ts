import { createTheme, type Theme } from '@mui/material/styles';
import { textShade } from './contrast';

/**
 * The theme chooser's eleven themes (spec 000 §2). Each is a real MUI palette plus the colours of the shell's side bar
 * and top bar; the choice is persisted by name (`theme-default`, …). "smart" keeps the reference's name theme-bule.
 */

/** The spec's default colour (theme-default), #409EFF. */
const defaultColour = '#409EFF';

// System fonts only: the portal must not load fonts from other hosts (intranets behind proxies cannot reach them).
const fontFamily = [
  '"PingFang SC"',
  '"Hiragino Sans GB"',
  '"Microsoft YaHei"',
  '"Noto Sans CJK SC"',
  '"Noto Sans SC"',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

export interface ShellColours {
  sidebarBg: string;
  sidebarText: string;
  sidebarActiveBg: string;
  sidebarActiveText: string;
  logoBg: string;
  headerBg: string;
  headerText: string;
  tagsBg: string;
}

declare module '@mui/material/styles' {
  interface Palette {
    shell: ShellColours;
    /** The theme's own colour (#409EFF by default), for accents that carry no text: swatches, chart series, rules. */
    brand: string;
  }
  interface PaletteOptions {
    shell?: ShellColours;
    brand?: string;
  }
}

export interface ThemeSpec {
  name: string;
  /** Message key under shell.themes. */
  key: string;
  mode: 'light' | 'dark';
  primary: string;
  secondary?: string;
  background: string;
  paper: string;
  shell: ShellColours;
}

const dark = (bg: string, active: string, extra: Partial<ShellColours> = {}): ShellColours => ({
  sidebarBg: bg,
  sidebarText: 'rgba(255,255,255,0.78)',
  sidebarActiveBg: active,
  sidebarActiveText: '#fff',
  logoBg: bg,
  headerBg: '#fff',
  headerText: 'rgba(0,0,0,0.78)',
  tagsBg: '#fff',
  ...extra,
});

export const THEMES: ThemeSpec[] = [
  {
    name: 'theme-default',
    key: 'default',
    mode: 'light',
    primary: defaultColour,
    background: '#f0f2f5',
    paper: '#fff',
    shell: dark('#20222a', defaultColour),
  },
  {
    name: 'theme-white',
    key: 'white',
    mode: 'light',
    primary: defaultColour,
    background: '#f5f7fa',
    paper: '#fff',
    shell: {
      sidebarBg: '#fff',
      sidebarText: '#303133',
      sidebarActiveBg: '#ecf5ff',
      sidebarActiveText: defaultColour,
      logoBg: '#fff',
      headerBg: '#fff',
      headerText: '#303133',
      tagsBg: '#fff',
    },
  },
  {
    name: 'theme-dark',
    key: 'dark',
    mode: 'dark',
    primary: '#409EFF',
    background: '#121212',
    paper: '#1e1e1e',
    shell: dark('#191a23', '#409EFF', {
      logoBg: '#0f1016',
      headerBg: '#1e1e1e',
      headerText: 'rgba(255,255,255,0.87)',
      tagsBg: '#1e1e1e',
    }),
  },
  {
    name: 'theme-star',
    key: 'star',
    mode: 'dark',
    primary: '#5ee4f7',
    background: '#0b1535',
    paper: '#142046',
    shell: dark('#0b1535', 'rgba(94,228,247,0.25)', {
      logoBg: '#081029',
      headerBg: '#0b1535',
      headerText: '#e3f6ff',
      tagsBg: '#101c42',
    }),
  },
  {
    name: 'theme-bule',
    key: 'smart',
    mode: 'light',
    primary: '#1e6fff',
    background: '#eef3fb',
    paper: '#fff',
    shell: dark('#0c3a8c', '#1e6fff', { logoBg: '#0a2f72', headerBg: '#1e6fff', headerText: '#fff' }),
  },
  {
    name: 'theme-iview',
    key: 'iview',
    mode: 'light',
    primary: '#2d8cf0',
    background: '#f5f7f9',
    paper: '#fff',
    shell: dark('#515a6e', '#2d8cf0', { logoBg: '#363e4f' }),
  },
  {
    name: 'theme-vip',
    key: 'vip',
    mode: 'dark',
    primary: '#d4af37',
    background: '#1a1a1a',
    paper: '#262626',
    shell: dark('#141414', 'rgba(212,175,55,0.3)', {
      sidebarActiveText: '#f5d67b',
      logoBg: '#0d0d0d',
      headerBg: '#262626',
      headerText: '#f5d67b',
      tagsBg: '#202020',
    }),
  },
  {
    name: 'theme-cool',
    key: 'cool',
    mode: 'light',
    primary: '#6959cd',
    background: '#f3f1fb',
    paper: '#fff',
    shell: dark('#3b3486', '#6959cd', { logoBg: '#2f2a6b', headerBg: '#6959cd', headerText: '#fff' }),
  },
  {
    name: 'theme-d2',
    key: 'd2',
    mode: 'light',
    primary: '#2f74ff',
    background: '#ebf1f6',
    paper: '#fff',
    shell: {
      sidebarBg: '#ebf1f6',
      sidebarText: '#2f3b52',
      sidebarActiveBg: '#d5e3ff',
      sidebarActiveText: '#2f74ff',
      logoBg: '#ebf1f6',
      headerBg: '#ebf1f6',
      headerText: '#2f3b52',
      tagsBg: '#ebf1f6',
    },
  },
  {
    name: 'theme-hey',
    key: 'hey',
    mode: 'light',
    primary: '#3399ff',
    background: '#f4f6fa',
    paper: '#fff',
    shell: dark('#293846', '#3399ff', { logoBg: '#1f2d3a' }),
  },
  {
    name: 'theme-lte',
    key: 'lte',
    mode: 'light',
    primary: '#3c8dbc',
    background: '#ecf0f5',
    paper: '#fff',
    shell: dark('#222d32', '#1e282c', {
      sidebarActiveText: '#fff',
      logoBg: '#367fa9',
      headerBg: '#3c8dbc',
      headerText: '#fff',
    }),
  },
];

export const DEFAULT_THEME_NAME = 'theme-default';

export function themeSpec(name: string | undefined | null): ThemeSpec {
  return THEMES.find((t) => t.name === name) ?? THEMES[0];
}

const built = new Map<string, Theme>();

const WHITE = '#ffffff';

/** MUI's default status colours (light mode), the starting point of their AA shades. */
const STATUS = { error: '#d32f2f', warning: '#ed6c02', info: '#0288d1', success: '#2e7d32' } as const;

/**
 * A light theme's colours where they carry text, at WCAG AA (issue 18): the primary colour on the paper and the page
 * background (dark themes draw text in the light brand on dark surfaces already, and black on it), and the side
 * bar's active item and the header where white text sits on the brand colour. The brand stays as given for accents
 * (`palette.brand`).
 */
function legible(spec: ThemeSpec): { primary: string; shell: ShellColours } {
  const onWhiteText = (background: string, text: string) =>
    text.toLowerCase() === '#fff' || text.toLowerCase() === WHITE
      ? textShade(background, [WHITE])
      : background;
  return {
    primary: spec.mode === 'dark' ? spec.primary : textShade(spec.primary, [spec.paper, spec.background]),
    shell: {
      ...spec.shell,
      sidebarActiveBg: onWhiteText(spec.shell.sidebarActiveBg, spec.shell.sidebarActiveText),
      sidebarActiveText:
        spec.shell.sidebarActiveText === spec.primary
          ? textShade(spec.primary, [spec.shell.sidebarActiveBg])
          : spec.shell.sidebarActiveText,
      headerBg: onWhiteText(spec.shell.headerBg, spec.shell.headerText),
    },
  };
}

/** The MUI theme of a named theme; built once per name. */
export function portalTheme(name: string | undefined | null): Theme {
  const spec = themeSpec(name);
  const hit = built.get(spec.name);
  if (hit) return hit;
  const { primary, shell } = legible(spec);
  // MUI's status colours as text (an outlined 删除, a warning chip) on the page background: the nearest AA shade.
  const status = (main: string) =>
    spec.mode === 'dark' ? undefined : { main: textShade(main, [spec.paper, spec.background]) };
  const theme = createTheme({
    palette: {
      mode: spec.mode,
      // Text on a coloured button, chip or alert is white only where white reaches AA (MUI's default threshold, 3,
      // lets white sit on warning orange and info blue).
      contrastThreshold: 4.5,
      primary: {
        main: primary,
        contrastText: spec.mode === 'dark' ? '#000' : '#fff',
      },
      ...(spec.secondary ? { secondary: { main: spec.secondary } } : {}),
      background: { default: spec.background, paper: spec.paper },
      ...(spec.mode === 'dark'
        ? {}
        : {
            error: status(STATUS.error),
            warning: status(STATUS.warning),
            info: status(STATUS.info),
            success: status(STATUS.success),
          }),
      shell,
      brand: spec.primary,
    },
    typography: { fontFamily, fontSize: 14 },
    shape: { borderRadius: 4 },
    components: {
      MuiTextField: { defaultProps: { size: 'small', fullWidth: true } },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    },
  });
  built.set(spec.name, theme);
  return theme;
}
