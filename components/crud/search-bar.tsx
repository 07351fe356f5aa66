'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { z } from 'zod';
import { CrudForm } from './crud-form';
import type { CrudField, FormValues } from './types';
import { useCrudForm } from './use-crud-form';

const anySchema = z.object({}).passthrough();

interface SearchBarProps {
  fields: CrudField[];
  onSearch: (values: Record<string, string | number | undefined>) => void;
}

/** Filter fields above a grid; 搜索 applies them (blade/ filters on the server), 清空 resets them. */
export function SearchBar({ fields, onSearch }: SearchBarProps) {
  const t = useTranslations('crud');
  const [empty] = useState(() => Object.fromEntries(fields.map((f) => [f.name, ''])) as FormValues);
  const form = useCrudForm(anySchema, empty);
  const submit = () => {
    const out: Record<string, string | number | undefined> = {};
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
