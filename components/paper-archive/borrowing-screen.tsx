'use client';

import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { RecordsTable } from '@/components/crud/records-table';
import { RefusalAlert } from '@/components/crud/refusal-alert';
import { SelectField } from '@/components/crud/select-field';
import { TablePager, usePaging } from '@/components/crud/table-pager';
import { useLoaded } from '@/components/crud/use-loaded';
import { useRefusal } from '@/components/crud/use-refusal';
import { useUrlFilters } from '@/components/crud/use-url-filters';
import { useCallback, useState } from 'react';
import {
  BORROW_STATES,
  PAPER_ARCHIVE_CODES,
  type BorrowingVO,
  type BorrowKind,
  type ElectronicViewVO,
  type ShownBorrowState,
} from '@/lib/contracts/paper-archive/paper-archive';
import { usePermissions } from '@/lib/permissions/use-permissions';
import {
  approveBorrowing,
  borrowingPage,
  lendArchive,
  requestElectronic,
  returnArchive,
  openLoanFile,
  viewElectronic,
} from './api';
import { ArchiveFileLine } from './archive-file-line';
import { FormDialog } from './form-dialog';

const STATE_COLOR: Record<ShownBorrowState, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  submitted: 'info',
  approved: 'success',
  rejected: 'error',
  on_loan: 'warning',
  returned: 'default',
  expired: 'default',
  overdue: 'error',
};

type Dialogs =
  | { kind: 'approve'; row: BorrowingVO }
  | { kind: 'return'; row: BorrowingVO }
  | { kind: 'electronic' }
  | { kind: 'view'; row: BorrowingVO; answer: ElectronicViewVO }
  | null;

const BORROW_FILTERS = ['kind', 'borrowState'] as const;
const SHOWN_STATES: readonly ShownBorrowState[] = [...BORROW_STATES, 'expired', 'overdue'];

/**
 * 档案借阅: paper and electronic loans. The engineer sees their own requests (and asks for an electronic view here; a
 * paper file from 纸质档案), the team leader approves or rejects (a reason required), the archivist lends and takes
 * back paper files; the borrower views an approved electronic archive until it expires. blade/ decides what each
 * caller sees and may do; the buttons only follow it.
 */
export function BorrowingScreen() {
  const t = useTranslations('paperArchive');
  const { can } = usePermissions();
  // A link (a dashboard tile) may open one tab and state: `?kind=electronic&borrowState=submitted`.
  const { values: fromUrl } = useUrlFilters(BORROW_FILTERS);
  const [kind, setKind] = useState<BorrowKind>(fromUrl.kind === 'electronic' ? 'electronic' : 'paper');
  const [state, setState] = useState<ShownBorrowState | ''>(
    () => SHOWN_STATES.find((s) => s === fromUrl.borrowState) ?? '',
  );
  const { page, size, setPage, pager } = usePaging();
  const [dialog, setDialog] = useState<Dialogs>(null);
  // The screen's refusal (lend, view) above the table; a file's refusal inside the view dialog.
  const { refusal, setRefusal, run } = useRefusal();
  const opening = useRefusal();
  const load = useCallback(
    () => borrowingPage(kind, { current: page + 1, size, borrowState: state || undefined }),
    [kind, page, size, state],
  );
  const { data, reload } = useLoaded(load, () => ({ records: [], total: 0 }));

  const act = async (call: () => Promise<unknown>) => {
    await run(async () => {
      await call();
      reload();
    });
  };

  const openFile = async (borrowingId: string, fileId: string) => {
    await opening.run(async () => {
      await openLoanFile(borrowingId, fileId);
      reload();
    });
  };

  const view = async (row: BorrowingVO) => {
    opening.setRefusal(null);
    await run(async () => {
      setDialog({ kind: 'view', row, answer: await viewElectronic(row.id) });
      reload();
    });
  };

  const states: ShownBorrowState[] =
    kind === 'paper' ? [...BORROW_STATES, 'overdue'] : ['submitted', 'approved', 'rejected', 'expired'];
  const done = () => {
    setDialog(null);
    reload();
  };

  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h6" sx={{ mb: 1 }}>
        {t('screen.borrowTitle')}
      </Typography>
      <Tabs
        value={kind}
        onChange={(_, v: BorrowKind) => {
          setKind(v);
          setState('');
          setPage(0);
        }}
        sx={{ mb: 1 }}
      >
        <Tab value="paper" label={t('screen.paperTab')} />
        <Tab value="electronic" label={t('screen.electronicTab')} />
      </Tabs>
      <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
        <SelectField
          fullWidth={false}
          sx={{ width: 180 }}
          label={t('screen.borrowState')}
          name="borrowState"
          value={state}
          onChange={(next) => {
            setState(next);
            setPage(0);
          }}
          emptyOption={t('screen.all')}
          options={states.map((s) => ({ value: s, label: t(`state.${s}`) }))}
        />
        {kind === 'electronic' && can(PAPER_ARCHIVE_CODES.apply) && (
          <Button variant="outlined" onClick={() => setDialog({ kind: 'electronic' })}>
            {t('screen.newElectronic')}
          </Button>
        )}
      </Stack>
      <RefusalAlert refusal={refusal} sx={{ mb: 1 }} onClose={() => setRefusal(null)} />
      <RecordsTable
        headers={[
          kind === 'paper' ? t('screen.archiveNo') : t('screen.applicationNo'),
          t('screen.productName'),
          t('screen.borrower'),
          t('screen.purpose'),
          kind === 'paper' ? t('screen.dueDate') : t('screen.viewUntil'),
          t('screen.borrowState'),
          t('screen.approver'),
          kind === 'paper' ? t('screen.lentAt') : t('screen.viewCount'),
          t('screen.actions'),
        ]}
        rows={data?.records}
        loading={t('screen.loading')}
        empty={t('screen.empty')}
      >
        {(row) => (
          <TableRow key={row.id} data-borrowing-id={row.id}>
            <TableCell>{kind === 'paper' ? row.archiveNo : row.applicationNo}</TableCell>
            <TableCell>{row.productName}</TableCell>
            <TableCell>{row.borrowerName}</TableCell>
            <TableCell>{row.purpose}</TableCell>
            <TableCell>{kind === 'paper' ? row.dueDate : row.viewUntil}</TableCell>
            <TableCell>
              <Chip size="small" color={STATE_COLOR[row.borrowState]} label={t(`state.${row.borrowState}`)} />
            </TableCell>
            <TableCell title={row.approveRemark}>{row.approverName}</TableCell>
            <TableCell>{kind === 'paper' ? row.lentAt : row.viewCount}</TableCell>
            <TableCell>
              {row.borrowState === 'submitted' && can(PAPER_ARCHIVE_CODES.approve) && (
                <Button size="small" onClick={() => setDialog({ kind: 'approve', row })}>
                  {t('screen.approve')}
                </Button>
              )}
              {kind === 'paper' && row.borrowState === 'approved' && can(PAPER_ARCHIVE_CODES.manage) && (
                <Button size="small" onClick={() => void act(() => lendArchive(row.id))}>
                  {t('screen.lend')}
                </Button>
              )}
              {(row.borrowState === 'on_loan' || row.borrowState === 'overdue') &&
                can(PAPER_ARCHIVE_CODES.manage) && (
                  <Button size="small" onClick={() => setDialog({ kind: 'return', row })}>
                    {t('screen.return')}
                  </Button>
                )}
              {kind === 'electronic' && row.borrowState === 'approved' && (
                <Button size="small" onClick={() => void view(row)}>
                  {t('screen.view')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        )}
      </RecordsTable>
      <TablePager total={Number(data?.total ?? 0)} {...pager} />
      {dialog?.kind === 'approve' && (
        <FormDialog
          title={t('screen.approveTitle')}
          fields={[{ name: 'remark', label: t('screen.approveRemark'), type: 'multiline' }]}
          actions={[
            {
              label: t('screen.reject'),
              color: 'error',
              requires: ['remark'],
              run: (v) => approveBorrowing(kind, { id: dialog.row.id, pass: false, remark: v.remark ?? '' }),
            },
            {
              label: t('screen.pass'),
              requires: [],
              run: (v) => approveBorrowing(kind, { id: dialog.row.id, pass: true, remark: v.remark ?? '' }),
            },
          ]}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      )}
      {dialog?.kind === 'return' && (
        <FormDialog
          title={t('screen.returnTitle')}
          fields={[{ name: 'remark', label: t('screen.returnRemark'), type: 'multiline' }]}
          actions={[
            {
              label: t('screen.return'),
              requires: [],
              run: (v) => returnArchive(dialog.row.id, v.remark ?? ''),
            },
          ]}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      )}
      {dialog?.kind === 'electronic' && (
        <FormDialog
          title={t('screen.newElectronic')}
          fields={[
            { name: 'applicationNo', label: t('screen.applicationNo') },
            { name: 'purpose', label: t('screen.purpose'), type: 'multiline' },
            { name: 'viewDays', label: t('screen.viewDays'), type: 'number' },
          ]}
          initial={{ viewDays: '3' }}
          actions={[
            {
              label: t('screen.save'),
              requires: ['applicationNo', 'purpose', 'viewDays'],
              run: (v) => requestElectronic(v),
            },
          ]}
          onClose={() => setDialog(null)}
          onDone={done}
        />
      )}
      {dialog?.kind === 'view' && (
        <Dialog open onClose={() => setDialog(null)} maxWidth="sm" fullWidth>
          <DialogTitle>{t('screen.viewTitle', { no: dialog.row.applicationNo })}</DialogTitle>
          <DialogContent>
            <Alert severity="info" sx={{ mb: 1 }}>
              {t('screen.viewLogged', { until: dialog.answer.viewUntil })}
            </Alert>
            {dialog.answer.files.length === 0 ? (
              <Typography>{t('screen.noFiles')}</Typography>
            ) : (
              dialog.answer.files.map((f) => (
                <ArchiveFileLine
                  key={f.id}
                  file={f}
                  action={t('screen.open')}
                  actionName={t('screen.openFile', { name: f.originalFilename })}
                  onAction={() => void openFile(dialog.row.id, f.id)}
                />
              ))
            )}
            <RefusalAlert refusal={opening.refusal} sx={{ mt: 1 }} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDialog(null)}>{t('screen.close')}</Button>
          </DialogActions>
        </Dialog>
      )}
    </Box>
  );
}
