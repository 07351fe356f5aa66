'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { z } from 'zod';
import { CrudForm } from '@/components/crud/crud-form';
import { FormDialog } from '@/components/crud/form-dialog';
import type { CrudField, FormValues } from '@/components/crud/types';
import { useCrudForm } from '@/components/crud/use-crud-form';
import { useNotify } from '@/components/providers/notifier';
import { BladeError, bladeRequest } from '@/lib/client/fetcher';

export interface ActionDialogProps {
  title: string;
  /** The action's call (`/api/business-service/…`), POSTed as JSON with the record's id. */
  url: string;
  id: string;
  /** The name the record's id travels under (`costId` for a cost's payment); `id` unless said. */
  idKey?: string;
  fields: CrudField[];
  schema: z.ZodType;
  initial: FormValues;
  onClose: () => void;
  /** After the server accepted the action (the dialog is closed already). */
  onDone: () => void | Promise<unknown>;
}

/**
 * A record's action (a state change, a finish, a bank reference…) as a small form: validated on blur and on submit,
 * sent with the id; a refusal (shown by the fetcher) leaves the dialog open with what was typed.
 */
export function ActionDialog({
  title,
  url,
  id,
  idKey = 'id',
  fields,
  schema,
  initial,
  onClose,
  onDone,
}: ActionDialogProps) {
  const t = useTranslations('crud');
  const notify = useNotify();
  const form = useCrudForm(schema, initial);
  const [submitting, setSubmitting] = useState(false);
  const submit = async () => {
    const parsed = form.validate();
    if (!parsed) return;
    setSubmitting(true);
    try {
      await bladeRequest(url, { method: 'POST', body: { ...(parsed as FormValues), [idKey]: id } });
    } catch (error) {
      if (error instanceof BladeError) return;
      throw error;
    } finally {
      setSubmitting(false);
    }
    notify(t('success'), 'success');
    onClose();
    await onDone();
  };
  return (
    <FormDialog
      open
      title={title}
      onClose={onClose}
      onSubmit={() => void submit()}
      submitting={submitting}
      width={560}
    >
      <CrudForm fields={fields} form={form} mode="add" columns={1} />
    </FormDialog>
  );
}
