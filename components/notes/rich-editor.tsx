'use client';

import FormatBold from '@mui/icons-material/FormatBold';
import FormatItalic from '@mui/icons-material/FormatItalic';
import FormatListBulleted from '@mui/icons-material/FormatListBulleted';
import FormatListNumbered from '@mui/icons-material/FormatListNumbered';
import FormatUnderlined from '@mui/icons-material/FormatUnderlined';
import InsertLink from '@mui/icons-material/InsertLink';
import LinkOff from '@mui/icons-material/LinkOff';
import Redo from '@mui/icons-material/Redo';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';

/**
 * A small rich-text editor on contentEditable (no editor dependency): the browser's own editing commands for bold,
 * italic, underline, headings, lists, links and undo/redo. What it produces is only a draft: blade/ sanitises it and
 * the saved note shows what the server kept. Read-only shows the server's (sanitised) HTML without editing.
 */

type Command =
  | { key: 'bold' | 'italic' | 'underline' | 'ul' | 'ol' | 'unlink' | 'undo' | 'redo'; label: string }
  | { key: 'h2' | 'h3' | 'paragraph'; label: string };

const EXEC: Record<string, [string, string?]> = {
  bold: ['bold'],
  italic: ['italic'],
  underline: ['underline'],
  h2: ['formatBlock', 'h2'],
  h3: ['formatBlock', 'h3'],
  paragraph: ['formatBlock', 'p'],
  ul: ['insertUnorderedList'],
  ol: ['insertOrderedList'],
  unlink: ['unlink'],
  undo: ['undo'],
  redo: ['redo'],
};

const SHORT: Record<string, ReactNode> = {
  bold: <FormatBold fontSize="small" />,
  italic: <FormatItalic fontSize="small" />,
  underline: <FormatUnderlined fontSize="small" />,
  h2: 'H2',
  h3: 'H3',
  paragraph: 'P',
  ul: <FormatListBulleted fontSize="small" />,
  ol: <FormatListNumbered fontSize="small" />,
  unlink: <LinkOff fontSize="small" />,
  undo: <Undo fontSize="small" />,
  redo: <Redo fontSize="small" />,
};

/** The commands the browser still runs on contentEditable; no replacement API exists for them yet. */
function run(command: string, value?: string) {
  document.execCommand(command, false, value);
}

const SAFE_LINK = /^(https?:\/\/|mailto:)/i;

export interface RichEditorProps {
  /** The saved (sanitised) HTML. The editor takes it once: give the component a new key for another note. */
  html: string;
  readOnly: boolean;
  onDirty: (dirty: boolean) => void;
  /** Reads the current draft (the parent saves it). */
  draftRef: RefObject<(() => string) | null>;
}

export function RichEditor({ html, readOnly, onDirty, draftRef }: RichEditorProps) {
  const t = useTranslations('notes');
  const area = useRef<HTMLDivElement>(null);
  const saved = useRef<Range | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState('https://');

  useEffect(() => {
    if (readOnly || !area.current) return;
    area.current.innerHTML = html;
    run('defaultParagraphSeparator', 'p');
    draftRef.current = () => area.current?.innerHTML ?? '';
    return () => {
      draftRef.current = null;
    };
  }, [html, readOnly, draftRef]);

  if (readOnly)
    return (
      <Box
        className="note-content"
        data-testid="note-readonly"
        sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1, minHeight: 240 }}
        // The server sanitised it (blade/modules/notes/sanitize.ts): an allowlist of tags, no scripts or handlers.
        dangerouslySetInnerHTML={{ __html: html }}
      />
    );

  const apply = (key: string) => {
    area.current?.focus();
    const [command, value] = EXEC[key];
    run(command, value);
    onDirty(true);
  };
  const openLink = () => {
    const selection = window.getSelection();
    saved.current = selection && selection.rangeCount ? selection.getRangeAt(0).cloneRange() : null;
    setLink('https://');
    setLinkOpen(true);
  };
  const insertLink = () => {
    setLinkOpen(false);
    if (!SAFE_LINK.test(link.trim())) return;
    area.current?.focus();
    const selection = window.getSelection();
    if (saved.current && selection) {
      selection.removeAllRanges();
      selection.addRange(saved.current);
    }
    run('createLink', link.trim());
    onDirty(true);
  };

  const commands: Command[] = (
    ['bold', 'italic', 'underline', 'h2', 'h3', 'paragraph', 'ul', 'ol', 'unlink', 'undo', 'redo'] as const
  ).map((key) => ({ key, label: t(`toolbar.${key}`) }) as Command);
  const button = (c: Command) => (
    <Tooltip key={c.key} title={c.label}>
      <ToggleButton
        value={c.key}
        size="small"
        aria-label={c.label}
        // Keep the selection in the text: a mouse-down on the button would move the focus away first.
        onMouseDown={(e) => e.preventDefault()}
        onClick={() => apply(c.key)}
        sx={{
          minWidth: 36,
          fontWeight: c.key === 'bold' ? 700 : 400,
          fontStyle: c.key === 'italic' ? 'italic' : 'normal',
        }}
      >
        {SHORT[c.key]}
      </ToggleButton>
    </Tooltip>
  );

  return (
    <Box>
      <Box role="toolbar" aria-label={t('title')} sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mb: 1 }}>
        {commands.slice(0, 8).map(button)}
        <Tooltip title={t('toolbar.link')}>
          <ToggleButton
            value="link"
            size="small"
            aria-label={t('toolbar.link')}
            onMouseDown={(e) => e.preventDefault()}
            onClick={openLink}
            sx={{ minWidth: 36 }}
          >
            <InsertLink fontSize="small" />
          </ToggleButton>
        </Tooltip>
        {commands.slice(8).map(button)}
      </Box>
      <Divider />
      <Box
        ref={area}
        className="note-content"
        data-testid="note-editor"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline
        aria-label={t('title')}
        onInput={() => onDirty(true)}
        sx={{
          p: 2,
          minHeight: 240,
          outline: 'none',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          mt: 1,
        }}
      />
      <Dialog open={linkOpen} onClose={() => setLinkOpen(false)} maxWidth="xs" fullWidth>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            label={t('linkPrompt')}
            value={link}
            onChange={(e) => setLink(e.target.value)}
            error={!!link && !SAFE_LINK.test(link.trim())}
            helperText=" "
            onKeyDown={(e) => e.key === 'Enter' && insertLink()}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setLinkOpen(false)}>{t('cancel')}</Button>
          <Button variant="contained" onClick={insertLink} disabled={!SAFE_LINK.test(link.trim())}>
            {t('confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
