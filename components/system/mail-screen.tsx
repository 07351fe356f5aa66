'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { z } from '@/lib/zod';
import { CrudForm } from '@/components/crud/crud-form';
import { FormDialog } from '@/components/crud/form-dialog';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { FieldOption, FormValues } from '@/components/crud/types';
import { useCrudForm } from '@/components/crud/use-crud-form';
import { useNotify } from '@/components/providers/notifier';
import { BladeError, bladeRequest, proxied } from '@/lib/client/fetcher';
import { MAIL_ENABLED, MAIL_SECURITY, mailResource } from '@/lib/contracts/system/mail';
import { mailEnable, mailSendTest } from '@/lib/contracts/system/mail.actions';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { useEnableConfig } from './enable-config';

/**
 * A tenant's mail servers: the enabled one sends the tenant's verification codes and binding links (else the
 * deployment's SMTP_URL does). A test send says sent only once the server accepted the message. The password is
 * write-only: empty on edit keeps the stored one.
 */
export function MailScreen() {
  const t = useTranslations('system.mail');
  const tAll = useTranslations();
  const { can } = usePermissions();
  const [testing, setTesting] = useState<string | null>(null);
  const options: FieldOption[] = MAIL_SECURITY.map((s) => ({ value: s.value, label: tAll(s.label) }));
  const { statusColumn, enableAction } = useEnableConfig({
    def: mailResource,
    enablePath: proxied(mailEnable.call),
    enabledStatus: MAIL_ENABLED,
    permissionCode: 'mail_enable',
  });
  return (
    <>
      <ResourceScreen
        def={mailResource}
        viewCode="mail_view"
        fields={{
          secure: { kind: 'select', options },
          password: { placeholder: t('passwordHint'), hiddenIn: ['view'] },
        }}
        columns={{ status: statusColumn }}
        overrides={{
          rowActions: [
            enableAction,
            { label: t('send'), hidden: !can('mail_send'), onClick: (row) => setTesting(String(row.id)) },
          ],
        }}
      />
      {testing !== null && <MailTestDialog id={testing} onClose={() => setTesting(null)} />}
    </>
  );
}

function MailTestDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const t = useTranslations('system.mail');
  const notify = useNotify();
  const schema = useMemo(
    () =>
      z.object({
        to: z
          .string()
          .trim()
          .min(1, t('toRequired'))
          .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, t('toInvalid')),
      }),
    [t],
  );
  const form = useCrudForm<FormValues>(schema, { to: '' });
  const send = async () => {
    try {
      await bladeRequest(proxied(mailSendTest.call), {
        method: 'POST',
        params: { id, to: String(form.values.to) },
      });
    } catch (error) {
      // The server's refusal was already shown by the fetcher; the dialog stays open.
      if (error instanceof BladeError) return;
      throw error;
    }
    notify(t('sent'), 'success');
    onClose();
  };
  return (
    <FormDialog
      open
      width={480}
      title={t('send')}
      onClose={onClose}
      onSubmit={() => {
        if (form.validate()) void send();
      }}
    >
      <CrudForm columns={1} mode="add" form={form} fields={[{ name: 'to', label: t('to') }]} />
    </FormDialog>
  );
}
