'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import type { CrudField } from '@/components/crud/types';
import { DropPopover } from '@/components/shell/drop-popover';
import { MENU_ICON_NAMES, MENU_ICONS } from './menu-icons';

/** Renders a menu's icon by its stored name, or nothing for an unknown name. */
export function MenuIcon({ name, fontSize = 'small' }: { name?: string; fontSize?: 'small' | 'medium' }) {
  const Icon = name ? MENU_ICONS[name] : undefined;
  return Icon ? <Icon fontSize={fontSize} /> : null;
}

/** A form field override that edits a menu's stored icon name with the picker (menus, top menus). */
export function iconPickerField(label: string): Partial<CrudField> {
  return {
    kind: 'custom',
    render: ({ value, onChange, onBlur, disabled, error }) => (
      <IconPicker
        label={label}
        value={String(value ?? '')}
        onChange={onChange}
        onBlur={onBlur}
        disabled={disabled}
        error={error}
      />
    ),
  };
}

interface IconPickerProps {
  label: string;
  value: string;
  onChange: (name: string) => void;
  onBlur?: () => void;
  disabled?: boolean;
  error?: string;
}

/** A text field holding the icon name, with a grid of the locally served icons to pick from. */
export function IconPicker({ label, value, onChange, onBlur, disabled, error }: IconPickerProps) {
  const t = useTranslations('system.menu');
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [filter, setFilter] = useState('');
  const names = MENU_ICON_NAMES.filter((n) => n.includes(filter.trim().toLowerCase()));
  return (
    <>
      <TextField
        id={id}
        label={label}
        size="small"
        fullWidth
        value={value}
        disabled={disabled}
        error={!!error}
        helperText={error ?? ' '}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        slotProps={{
          input: {
            startAdornment: <InputAdornment position="start">{<MenuIcon name={value} />}</InputAdornment>,
            endAdornment: (
              <InputAdornment position="end">
                <Button size="small" disabled={disabled} onClick={(e) => setAnchor(e.currentTarget)}>
                  {t('pickIcon')}
                </Button>
              </InputAdornment>
            ),
          },
        }}
      />
      <DropPopover anchor={anchor} onClose={() => setAnchor(null)}>
        <Box sx={{ p: 1.5, width: 420 }} role="listbox" aria-label={t('pickIcon')}>
          <TextField
            size="small"
            fullWidth
            autoFocus
            label={t('searchIcon')}
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            sx={{ mb: 1 }}
          />
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(8, 1fr)',
              gap: 0.5,
              maxHeight: 260,
              overflow: 'auto',
            }}
          >
            {names.map((name) => (
              <Tooltip key={name} title={name}>
                <IconButton
                  role="option"
                  aria-label={name}
                  aria-selected={name === value}
                  color={name === value ? 'primary' : 'default'}
                  onClick={() => {
                    onChange(name);
                    setAnchor(null);
                  }}
                >
                  <MenuIcon name={name} />
                </IconButton>
              </Tooltip>
            ))}
          </Box>
        </Box>
      </DropPopover>
    </>
  );
}
