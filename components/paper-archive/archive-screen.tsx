'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { RecordsTable } from '@/components/crud/records-table';
import { RefusalAlert } from '@/components/crud/refusal-alert';
import { TablePager, usePaging } from '@/components/crud/table-pager';
import { useLoaded } from '@/components/crud/use-loaded';
import { useCallback, useState } from 'react';
import { BladeError } from '@/lib/client/fetcher';
import { PAPER_ARCHIVE_CODES, type PaperArchiveVO } from '@/lib/contracts/paper-archive/paper-archive';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { archiveCounts, archivePage, requestPaper, submitArchive, type ArchiveCounts } from './api';
import { FormDialog } from './form-dialog';
import { PrintDialog } from './print-dialog';

const EMPTY_FILTERS = { archiveNo: '', productName: '', createTimeStart: '', createTimeEnd: '' };

/**
 * 纸质档案: the paper files of the applications, filtered by number, product and submission day (the server appends
 * 00:00:00 and 23:59:59). The archivist submits a file (提交档案); anyone who may borrow asks for one (借阅) from its
 * row; the archivist stamps a file of the application and prints it (签章打印, PrintDialog). Buttons follow the caller's codes; blade/ checks the same.
 */
export function ArchiveScreen() {
  const t = useTranslations('paperArchive.screen');
  const { can } = usePermissions();
  const [draft, setDraft] = useState(EMPTY_FILTERS);
  const [filters, setFilters] = useState(EMPTY_FILTERS);
  const { page, size, setPage, pager } = usePaging();
  const [dialog, setDialog] = useState<'submit' | PaperArchiveVO | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const load = useCallback(async () => {
    // The totals above the table come with every page, so they are as fresh as its rows; without them (a failed
    // count) the table still shows.
    const [rows, counts] = await Promise.all([
      archivePage({ current: page + 1, size, ...filters }),
      archiveCounts().catch(() => null),
    ]);
    return { ...rows, counts };
  }, [page, size, filters]);
  const { data, reload } = useLoaded(load, (failure) => {
    if (failure instanceof BladeError) setRefusal(failure.message);
    return { records: [], total: 0, counts: null };
  });
  const counts: ArchiveCounts | null = data?.counts ?? null;

  const [printing, setPrinting] = useState<PaperArchiveVO | null>(null);

  const filterField = (name: keyof typeof EMPTY_FILTERS, type: 'text' | 'date' = 'text') => (
    <TextField
      size="small"
      fullWidth={false}
      sx={{ width: 180 }}
      label={t(name)}
      type={type}
      value={draft[name]}
      slotProps={type === 'date' ? { inputLabel: { shrink: true } } : undefined}
      onChange={(e) => setDraft((d) => ({ ...d, [name]: e.target.value }))}
    />
  );

  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {t('archiveTitle')}
      </Typography>
      {counts && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('counts', { ...counts })}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ mb: 1, flexWrap: 'wrap', rowGap: 1 }}>
        {filterField('archiveNo')}
        {filterField('productName')}
        {filterField('createTimeStart', 'date')}
        {filterField('createTimeEnd', 'date')}
        <Button
          variant="contained"
          onClick={() => {
            setPage(0);
            setFilters(draft);
          }}
        >
          {t('search')}
        </Button>
        <Button
          onClick={() => {
            setDraft(EMPTY_FILTERS);
            setFilters(EMPTY_FILTERS);
          }}
        >
          {t('reset')}
        </Button>
        {can(PAPER_ARCHIVE_CODES.submit) && (
          <Button variant="outlined" onClick={() => setDialog('submit')}>
            {t('submit')}
          </Button>
        )}
      </Stack>
      <RefusalAlert refusal={refusal} sx={{ mb: 1 }} onClose={() => setRefusal(null)} />
      <RecordsTable
        headers={[
          t('archiveNo'),
          t('applicationNo'),
          t('productName'),
          t('location'),
          t('pageCount'),
          t('loanStatus'),
          t('createTime'),
          t('actions'),
        ]}
        rows={data?.records}
        loading={t('loading')}
        empty={t('empty')}
      >
        {(row) => (
          <TableRow key={row.id} data-archive-no={row.archiveNo}>
            <TableCell>{row.archiveNo}</TableCell>
            <TableCell>{row.applicationNo}</TableCell>
            <TableCell>{row.productName}</TableCell>
            <TableCell>{row.location}</TableCell>
            <TableCell>{row.pageCount}</TableCell>
            <TableCell>
              <Chip
                size="small"
                color={row.onLoan ? 'warning' : 'success'}
                label={row.onLoan ? t('onLoan', { name: row.borrowerName }) : t('inStock')}
              />
            </TableCell>
            <TableCell>{row.createTime}</TableCell>
            <TableCell>
              {can(PAPER_ARCHIVE_CODES.apply) && (
                <Button size="small" onClick={() => setDialog(row)}>
                  {t('borrow')}
                </Button>
              )}
              {can(PAPER_ARCHIVE_CODES.print) && (
                <Button size="small" onClick={() => setPrinting(row)}>
                  {t('print')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        )}
      </RecordsTable>
      <TablePager total={Number(data?.total ?? 0)} {...pager} />
      {printing && <PrintDialog archive={printing} onClose={() => setPrinting(null)} />}
      {dialog === 'submit' && (
        <FormDialog
          title={t('submitTitle')}
          fields={[
            { name: 'applicationNo', label: t('applicationNo') },
            { name: 'archiveNo', label: t('archiveNo') },
            { name: 'location', label: t('location') },
            { name: 'pageCount', label: t('pageCount'), type: 'number' },
            { name: 'remark', label: t('remark'), type: 'multiline' },
          ]}
          actions={[
            {
              label: t('save'),
              requires: ['applicationNo', 'location', 'pageCount'],
              run: (v) => submitArchive(v),
            },
          ]}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            reload();
          }}
        />
      )}
      {dialog && dialog !== 'submit' && (
        <FormDialog
          title={t('borrowTitle2', { no: dialog.archiveNo })}
          fields={[
            { name: 'purpose', label: t('purpose'), type: 'multiline' },
            { name: 'dueDate', label: t('dueDate'), type: 'date' },
          ]}
          actions={[
            {
              label: t('save'),
              requires: ['purpose', 'dueDate'],
              run: (v) => requestPaper({ archiveId: dialog.id, ...v }),
            },
          ]}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            reload();
          }}
        />
      )}
    </Box>
  );
}
