'use client';

import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { THEMES } from '@/lib/theme/themes';
import { LAYOUT_MODES, type LayoutMode } from './layout-model';
import { PortalDialog } from './portal-dialog';

export interface ThemeDialogProps {
  open: boolean;
  onClose: () => void;
  themeName: string;
  onTheme: (name: string) => void;
  layoutMode: LayoutMode;
  onLayoutMode: (mode: LayoutMode) => void;
}

/** The theme chooser (eleven named themes) and the layout mode (1–6), both remembered in the browser. */
export function ThemeDialog({
  open,
  onClose,
  themeName,
  onTheme,
  layoutMode,
  onLayoutMode,
}: ThemeDialogProps) {
  const t = useTranslations('shell');
  return (
    <PortalDialog open={open} onClose={onClose} title={t('themeSettings')} data-testid="theme-dialog">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        {t('themeTitle')}
      </Typography>
      <Box
        role="radiogroup"
        aria-label={t('themeTitle')}
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(140px, 1fr))',
          gap: 1.5,
          mb: 3,
        }}
      >
        {THEMES.map((theme) => {
          const checked = theme.name === themeName;
          return (
            <ButtonBase
              key={theme.name}
              role="radio"
              aria-checked={checked}
              aria-label={t(`themes.${theme.key}`)}
              onClick={() => onTheme(theme.name)}
              data-theme={theme.name}
              sx={{
                display: 'block',
                textAlign: 'left',
                border: 2,
                borderColor: checked ? 'primary.main' : 'divider',
                borderRadius: 1,
                overflow: 'hidden',
              }}
            >
              <Box sx={{ display: 'flex', height: 56 }}>
                <Box sx={{ width: 28, bgcolor: theme.shell.sidebarBg }} />
                <Box sx={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
                  <Box
                    sx={{
                      height: 14,
                      bgcolor: theme.shell.headerBg,
                      borderBottom: '1px solid rgba(0,0,0,0.08)',
                    }}
                  />
                  <Box sx={{ flex: 1, bgcolor: theme.background, p: 0.5 }}>
                    <Box sx={{ width: '60%', height: 8, bgcolor: theme.primary, borderRadius: 0.5 }} />
                  </Box>
                </Box>
              </Box>
              <Box
                sx={{
                  display: 'flex',
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  px: 1,
                  py: 0.5,
                }}
              >
                <Typography variant="body2">{t(`themes.${theme.key}`)}</Typography>
                {checked ? <CheckCircle color="primary" sx={{ fontSize: 16 }} /> : null}
              </Box>
            </ButtonBase>
          );
        })}
      </Box>
      <Typography variant="subtitle2" id="layout-mode-label">
        {t('layoutTitle')}
      </Typography>
      <RadioGroup
        row
        aria-labelledby="layout-mode-label"
        value={String(layoutMode)}
        onChange={(e) => onLayoutMode(Number(e.target.value) as LayoutMode)}
      >
        {LAYOUT_MODES.map((mode) => (
          <FormControlLabel
            key={mode}
            value={String(mode)}
            control={<Radio size="small" />}
            label={`${mode} · ${t(`layoutModes.${mode}`)}`}
          />
        ))}
      </RadioGroup>
    </PortalDialog>
  );
}
