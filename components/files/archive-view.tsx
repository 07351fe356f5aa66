'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useMemo, useState } from 'react';
import type { ArchiveRecord } from './api';
import { ArchiveTreeTable } from './archive-tree-table';
import { FileTreePage } from './file-tree-page';
import { FunctionSelect } from './function-select';

/** Chooses the business record: a file function and the record's id; kept in the URL so a view can be linked. */
function RecordPicker({
  initial,
  onPick,
}: {
  initial: Partial<ArchiveRecord>;
  onPick: (r: ArchiveRecord) => void;
}) {
  const t = useTranslations('files.picker');
  const [functionCode, setFunctionCode] = useState(initial.functionCode ?? '');
  const [dataId, setDataId] = useState(initial.dataId ?? '');
  const submit = () => {
    if (functionCode && dataId.trim()) onPick({ functionCode, dataId: dataId.trim() });
  };
  return (
    <Box
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}
    >
      <FunctionSelect
        label={t('function')}
        value={functionCode}
        onChange={setFunctionCode}
        sx={{ width: 280 }}
        slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
      />
      <TextField
        size="small"
        label={t('dataId')}
        sx={{ width: 240 }}
        value={dataId}
        onChange={(event) => setDataId(event.target.value)}
      />
      <Button type="submit" variant="contained" disabled={!functionCode || !dataId.trim()}>
        {t('open')}
      </Button>
    </Box>
  );
}

/**
 * An archive screen: the record picker, then the record's files as the file tree page or the archive tree table.
 * `queryView` is the archive query view (/documents/query), the only place with the missing-file actions.
 */
export function ArchiveView({ queryView }: { queryView: boolean }) {
  const t = useTranslations('files');
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const functionCode = search.get('functionCode') ?? '';
  const dataId = search.get('dataId') ?? '';
  const view = search.get('view') === 'table' ? 'table' : 'tree';
  const record = useMemo<ArchiveRecord | null>(
    () => (functionCode && dataId ? { functionCode, dataId } : null),
    [functionCode, dataId],
  );

  const go = (next: Record<string, string>) => {
    const params = new URLSearchParams(search.toString());
    for (const [key, value] of Object.entries(next)) params.set(key, value);
    router.replace(`${pathname}?${params.toString()}`);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography component="h1" variant="h6" sx={{ mb: 2 }}>
          {queryView ? t('queryTitle') : t('title')}
        </Typography>
        <RecordPicker
          key={`${functionCode}/${dataId}`}
          initial={{ functionCode, dataId }}
          onPick={(r) => go({ ...r })}
        />
      </Paper>
      {record ? (
        <>
          <Tabs
            value={view}
            onChange={(_, value: string) => go({ view: value })}
            aria-label={t('viewSwitch')}
          >
            <Tab value="tree" label={t('views.tree')} />
            <Tab value="table" label={t('views.table')} />
          </Tabs>
          {view === 'tree' ? (
            <FileTreePage key={`${functionCode}/${dataId}`} record={record} queryView={queryView} />
          ) : (
            <ArchiveTreeTable key={`${functionCode}/${dataId}`} record={record} queryView={queryView} />
          )}
        </>
      ) : null}
    </Box>
  );
}
