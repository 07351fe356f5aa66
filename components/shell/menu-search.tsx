'use client';

import SearchIcon from '@mui/icons-material/Search';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useState, type KeyboardEvent } from 'react';
import { searchMenu, type MenuEntry } from './menu-model';

export interface MenuSearchProps {
  open: boolean;
  entries: MenuEntry[];
  onClose: () => void;
  onPick: (entry: MenuEntry) => void;
}

/**
 * The '菜单搜索' overlay: leaf entries whose name starts with the text (case-insensitive); arrows move, Enter or a click
 * opens, Esc closes.
 */
export function MenuSearch({ open, entries, onClose, onPick }: MenuSearchProps) {
  const t = useTranslations('shell');
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const results = searchMenu(entries, text);

  const close = () => {
    setText('');
    setActive(0);
    onClose();
  };
  const pick = (entry: MenuEntry | undefined) => {
    if (!entry) return;
    close();
    onPick(entry);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((i) => Math.min(i + 1, results.length - 1));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      pick(results[active]);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="sm"
      slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: 10 } } }}
      aria-label={t('search')}
    >
      <TextField
        autoFocus
        placeholder={t('search')}
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        slotProps={{
          htmlInput: { 'aria-label': t('search'), role: 'combobox', 'aria-expanded': results.length > 0 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
          },
        }}
        sx={{ p: 2 }}
      />
      {text.trim() ? (
        results.length ? (
          <List dense role="listbox" sx={{ maxHeight: 360, overflow: 'auto', pt: 0 }}>
            {results.map((entry, i) => (
              <ListItemButton
                key={entry.id}
                role="option"
                selected={i === active}
                aria-selected={i === active}
                onClick={() => pick(entry)}
              >
                <ListItemText primary={entry.name} secondary={entry.path} />
              </ListItemButton>
            ))}
          </List>
        ) : (
          <Typography sx={{ px: 3, pb: 2 }} color="text.secondary">
            {t('searchEmpty')}
          </Typography>
        )
      ) : null}
    </Dialog>
  );
}
