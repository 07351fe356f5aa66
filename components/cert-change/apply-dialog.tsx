'use client';

import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { PATHS } from '@/components/application/api';
import { FormDialog } from '@/components/crud/form-dialog';
import { useNotify } from '@/components/providers/notifier';
import { BladeError } from '@/lib/client/fetcher';
import type { ChangeScheme, SnapshotVO } from '@/lib/contracts/cert-change/cert-change';
import { canApply, type CanApplyVO } from './api';
import { ChangeForm } from './change-form';

type CertificateDetail = { id: string; certNumber: string; scheme: ChangeScheme } & SnapshotVO;

/**
 * 申请变更 from 我的证书: asks canApply first (a valid current certificate with no open change), then runs the change
 * form on the certificate's current values. An open change is named with a link to 我的证书变更.
 */
export function ApplyChangeDialog({
  certificateId,
  onClose,
  onDone,
}: {
  certificateId: string;
  onClose: () => void;
  onDone: () => void;
}) {
  const t = useTranslations('certChange.screen');
  const notify = useNotify();
  const [answer, setAnswer] = useState<CanApplyVO | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const { data: certificate } = useSWR<CertificateDetail>([PATHS.certificateDetail, { id: certificateId }]);
  useEffect(() => {
    canApply(certificateId).then(setAnswer, (failure: unknown) => {
      if (failure instanceof BladeError) setRefusal(failure.message);
    });
  }, [certificateId]);
  return (
    <FormDialog open width={880} title={t('applyTitle')} onClose={onClose}>
      {refusal && <Alert severity="error">{refusal}</Alert>}
      {answer && !answer.canApply && (
        <Stack spacing={1}>
          <Alert severity="warning">{answer.reason}</Alert>
          {answer.openChangeId && (
            <Button component={Link} href="/application/myCertChange">
              {t('myChanges')}
            </Button>
          )}
        </Stack>
      )}
      {answer?.canApply && certificate && (
        <ChangeForm
          certificate={certificate}
          onDone={() => {
            notify(t('submitted'), 'success');
            onDone();
          }}
        />
      )}
    </FormDialog>
  );
}
