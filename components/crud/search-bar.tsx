'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { z } from '@/lib/zod';
import { CrudForm } from './crud-form';
import type { CrudField, FormValues } from './types';
import { useCrudForm } from './use-crud-form';

const anySchema = z.object({}).passthrough();

export type SearchValues = Record<string, string | number | undefined>;

interface SearchBarProps {
  fields: CrudField[];
  /** Values the fields start with (a re-opened tab's last search). */
  initial?: SearchValues;
  onSearch: (values: SearchValues) => void;
}

/** Filter fields above a grid; 搜索 applies them (blade/ filters on the server), 清空 resets them. */
export function SearchBar({ fields, initial, onSearch }: SearchBarProps) {
  const t = useTranslations('crud');
  const [empty] = useState(() => Object.fromEntries(fields.map((f) => [f.name, ''])) as FormValues);
  const [start] = useState(() => ({ ...empty, ...initial }) as FormValues);
  const form = useCrudForm(anySchema, start);
  const submit = () => {
    const out: SearchValues = {};
    for (const [k, v] of Object.entries(form.values)) {
      if (v !== '' && v !== undefined && v !== null) out[k] = typeof v === 'number' ? v : String(v);
    }
    onSearch(out);
  };
  return (
    <Box
      component="form"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <Box sx={{ flex: '1 1 auto', maxWidth: Math.min(4, fields.length) * 260 }}>
        <CrudForm fields={fields} form={form} mode="add" columns={Math.min(4, fields.length)} />
      </Box>
      <Box sx={{ display: 'flex', gap: 1, pt: 1 }}>
        <Button type="submit" variant="contained">
          {t('search')}
        </Button>
        <Button
          onClick={() => {
            form.reset(empty);
            onSearch({});
          }}
        >
          {t('reset')}
        </Button>
      </Box>
    </Box>
  );
}
