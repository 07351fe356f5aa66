'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useNotify } from '@/components/providers/notifier';
import { DialogButtons } from '@/components/crud/form-dialog';
import { PortalDialog } from '@/components/shell/portal-dialog';
import {
  CUSTOMER_IMPORT_COLUMNS,
  CUSTOMER_IMPORT_MAX_BYTES,
  CUSTOMER_IMPORT_MAX_ROWS,
  customerImport,
  customerResource,
} from '@/lib/contracts/business/customer';
import { BladeError, bladeRequest, errorText, type BladeEnvelope, proxied } from '@/lib/client/fetcher';
import {} from './screen-helpers';

/** One problem of the import's report (HTTP 400, nothing imported). */
export interface ImportProblem {
  row: number;
  field: string;
  message: string;
}

const IMPORT_URL = proxied(customerImport.call);

const isReport = (data: unknown): data is ImportProblem[] =>
  Array.isArray(data) &&
  data.every((p) => p && typeof p === 'object' && typeof (p as ImportProblem).row === 'number');

/**
 * 导入: an .xlsx of customers, all or nothing. A file with bad rows imports nothing and answers every problem, which
 * the dialog lists by row (the user fixes the sheet and imports it again); a file refused as a whole shows the reason.
 */
export function CustomerImportDialog({ onClose, onDone }: { onClose: () => void; onDone: () => unknown }) {
  const t = useTranslations('partyScreens');
  const tAll = useTranslations();
  const notify = useNotify();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [sending, setSending] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; report: ImportProblem[] } | null>(null);
  const fieldLabel = (field: string) => {
    const def = (customerResource.fields as Record<string, { label: string } | undefined>)[field];
    return def ? tAll(def.label) : field;
  };

  // The import's refusals carry their key but not its values (blade/ sends no errorArgs there): a text with
  // placeholders is taken from the server's msg, in Chinese, rather than shown with holes.
  const refusalText = (answer: BladeEnvelope<unknown>) => {
    const key = answer.errorCode;
    if (key && !answer.errorArgs && tAll.has(key) && !String(tAll.raw(key)).includes('{')) return tAll(key);
    return answer.errorArgs ? errorText(answer, t('importFailed')) : (answer.msg ?? t('importFailed'));
  };

  const send = async () => {
    if (!file) {
      setRefusal({ message: t('chooseFile'), report: [] });
      return;
    }
    const form = new FormData();
    form.append('file', file);
    setSending(true);
    try {
      // 400 comes back as the envelope (no toast): its report belongs in the dialog, beside the file.
      const answer = await bladeRequest<unknown>(IMPORT_URL, {
        method: 'POST',
        body: form,
        whiteList: [400],
      });
      if (answer.code !== 200) {
        setRefusal({
          message: refusalText(answer),
          report: isReport(answer.data) ? answer.data : [],
        });
        return;
      }
      const imported = Number((answer.data as { imported?: number } | null)?.imported ?? 0);
      notify(t('imported', { count: imported }), 'success');
      onClose();
      await onDone();
    } catch (error) {
      // Anything else (413, a network failure) was shown by the fetcher.
      if (!(error instanceof BladeError)) throw error;
    } finally {
      setSending(false);
    }
  };

  return (
    <PortalDialog
      open
      title={t('importTitle')}
      onClose={onClose}
      width={760}
      actions={
        <DialogButtons
          onClose={onClose}
          onSubmit={() => void send()}
          submitting={sending}
          submitLabel={t('importStart')}
        />
      }
    >
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, pt: 1 }}>
        <Typography variant="body2">
          {t('importFormat', {
            maxMb: CUSTOMER_IMPORT_MAX_BYTES / 1024 / 1024,
            maxRows: CUSTOMER_IMPORT_MAX_ROWS,
          })}
        </Typography>
        <Typography variant="body2">{t('importHeader')}</Typography>
        {/* The labels themselves, whatever the screen's language: the import finds its columns by them. */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }} data-testid="import-header">
          {Object.values(CUSTOMER_IMPORT_COLUMNS).map((label) => (
            <Chip
              key={label}
              size="small"
              label={label === CUSTOMER_IMPORT_COLUMNS.customerName ? `${label} *` : label}
            />
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('importRows')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Button variant="outlined" component="label" htmlFor={inputId}>
            {t('chooseFile')}
          </Button>
          <input
            id={inputId}
            type="file"
            hidden
            aria-label={t('chooseFile')}
            accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setRefusal(null);
            }}
          />
          <Typography variant="body2" data-testid="import-file">
            {file?.name ?? t('noFile')}
          </Typography>
        </Box>
        {refusal && (
          <Alert severity="error" data-testid="import-refusal">
            {refusal.message}
            {refusal.report.length > 0 && <Box>{t('nothingImported', { count: refusal.report.length })}</Box>}
          </Alert>
        )}
        {refusal && refusal.report.length > 0 && (
          <TableContainer sx={{ maxHeight: 320 }}>
            <Table size="small" stickyHeader aria-label={t('reportTitle')}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('reportRow')}</TableCell>
                  <TableCell>{t('reportField')}</TableCell>
                  <TableCell>{t('reportMessage')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {refusal.report.map((p, i) => (
                  <TableRow key={`${p.row}-${p.field}-${i}`}>
                    <TableCell>{p.row}</TableCell>
                    <TableCell>{fieldLabel(p.field)}</TableCell>
                    <TableCell>{p.message}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Box>
    </PortalDialog>
  );
}
