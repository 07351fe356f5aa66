'use client';

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import useSWR from 'swr';
import { FormDialog } from '@/components/crud/form-dialog';
import type { ComplaintDetail, ComplaintVO } from '@/lib/contracts/quality/quality';
import { QUALITY_PATHS } from './api';
import { ComplaintStepButtons } from './complaint-steps';

/** The state of a case as a chip, red when a deadline has passed. */
export function ComplaintStateChip({ row }: { row: ComplaintVO }) {
  const t = useTranslations('quality');
  const overdue = row.acknowledgeOverdue || row.respondOverdue;
  return (
    <Chip
      size="small"
      color={overdue ? 'error' : row.complaintState === 'closed' ? 'default' : 'primary'}
      label={`${t(`complaint.state.${row.complaintState}`)}${overdue ? ` · ${t('screen.staff.overdue')}` : ''}`}
    />
  );
}

const FIELDS = [
  'caseNo',
  'kind',
  'subjectType',
  'companyName',
  'receivedAt',
  'ackDueAt',
  'respondDueAt',
  'acknowledgedAt',
  'handlerName',
  'respondedAt',
  'closedAt',
] as const;

/** One case: its fields, texts, history, and the steps the caller may take. */
export function ComplaintDetailDialog({
  id,
  side,
  holds,
  userId,
  onClose,
  onChanged,
}: {
  id: string;
  side: 'customer' | 'staff';
  holds: (code: string) => boolean;
  userId: string;
  onClose: () => void;
  onChanged: () => void | Promise<unknown>;
}) {
  const t = useTranslations('quality');
  const { data, mutate } = useSWR<ComplaintDetail>([QUALITY_PATHS.complaintDetail, { id }]);
  const value = (field: (typeof FIELDS)[number]) => {
    if (!data) return '';
    if (field === 'kind') return t(`complaint.kinds.${data.kind}`);
    if (field === 'subjectType')
      return `${t(`complaint.subjects.${data.subjectType}`)} ${data.applicationNo || data.certNumber}`.trim();
    return data[field];
  };
  return (
    <FormDialog open title={data ? `${data.caseNo} ${data.title}` : ''} onClose={onClose} width={820}>
      {data && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <ComplaintStateChip row={data} />
          </Box>
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
          >
            {FIELDS.filter((f) => value(f)).map((f) => (
              <Box key={f} sx={{ display: 'contents' }}>
                <Typography component="dt" color="text.secondary">
                  {t(`complaint.${f}`)}
                </Typography>
                <Typography component="dd" sx={{ m: 0 }}>
                  {value(f)}
                </Typography>
              </Box>
            ))}
          </Box>
          {(['content', 'investigation', 'response', 'customerFeedback'] as const)
            .filter((f) => data[f])
            .map((f) => (
              <Box key={f}>
                <Typography variant="subtitle2">{t(`complaint.${f}`)}</Typography>
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{data[f]}</Typography>
              </Box>
            ))}
          <ComplaintStepButtons
            id={data.id}
            state={data.complaintState}
            holds={holds}
            side={side}
            isHandler={data.handlerId !== '' && data.handlerId === userId}
            onDone={async (after) => {
              await mutate(after, { revalidate: false });
              await onChanged();
            }}
          />
          <Divider />
          <Typography variant="subtitle2">{t('screen.staff.history')}</Typography>
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            {data.history.map((h) => (
              <li key={h.id}>
                <Typography variant="body2">
                  {h.createTime} {h.userName} · {t(`complaint.step.${h.action}`)}
                  {h.comment ? `：${h.comment}` : ''}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      )}
    </FormDialog>
  );
}
