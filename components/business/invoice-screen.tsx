'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import useSWR from 'swr';
import { ResourceScreen } from '@/components/crud/resource-screen';
import { FILE_PATHS } from '@/components/files/api';
import { useNotify } from '@/components/providers/notifier';
import { BladeError, bladeRequest, buildUrl, proxied } from '@/lib/client/fetcher';
import { withBasePath } from '@/lib/client/navigation';
import type { RowOf } from '@/lib/contracts/resource';
import { contractResource } from '@/lib/contracts/business/contract';
import { invoiceResource, invoiceUpload } from '@/lib/contracts/business/invoice';
import { useBusinessLookup } from './business-data';
import { withAnswered } from './screen-helpers';

const invoiceScreen = withAnswered(invoiceResource, {
  contractCode: 'business.contract.contractCode',
  contractName: 'business.contract.contractName',
  // Not a column of the list: whether fileId is set, shown in the grid.
  scan: 'business.invoice.fileId',
});
type Invoice = RowOf<typeof invoiceScreen>;
type Contract = RowOf<typeof contractResource>;

const UPLOAD = proxied(invoiceUpload.call);
/** What blade/ takes (checked there by content); checked here first so a wrong pick costs no upload. */
const SCAN_NAME = /\.(png|jpe?g)$/i;
const SCAN_MAX_BYTES = 10 * 1024 * 1024;

const contractLabel = (c: { contractCode?: string | null; contractName?: string | null }) =>
  `${c.contractCode ?? ''} ${c.contractName ?? ''}`.trim();

/**
 * The inline view address of a stored scan: a short-lived key from getFileAuthKey, then downloadById (as avatars are
 * shown), so no token travels in the link.
 */
function useScanHref(fileId: string | null) {
  const { data } = useSWR<{ authKey: string }>(fileId ? [FILE_PATHS.authKey, { fileId }] : null, {
    revalidateOnFocus: false,
    // The key lives five minutes: renewed before, so a form left open keeps a working link.
    refreshInterval: 4 * 60 * 1000,
  });
  if (!fileId || !data?.authKey) return null;
  return withBasePath(buildUrl(FILE_PATHS.download, { id: fileId, isDownload: 0, authKey: data.authKey }));
}

interface ScanProps {
  label: string;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur: () => void;
  error?: string;
  disabled: boolean;
}

/**
 * The invoice's scan: uploaded on pick (the answer's fileId goes into the form and is saved with the invoice), shown as
 * attached or not, with a link to view it.
 */
function ScanControl({ label, value, onChange, onBlur, error, disabled }: ScanProps) {
  const t = useTranslations('financeScreens');
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const fileId = typeof value === 'string' && value ? value : null;
  const href = useScanHref(fileId);
  const upload = async (file: File) => {
    if (!SCAN_NAME.test(file.name)) {
      notify(t('scanType'), 'warning');
      return;
    }
    if (file.size > SCAN_MAX_BYTES) {
      notify(t('scanTooBig'), 'warning');
      return;
    }
    const form = new FormData();
    form.append('file', file);
    setUploading(true);
    try {
      const { data } = await bladeRequest<{ fileId: string }>(UPLOAD, { method: 'POST', body: form });
      onChange(data.fileId);
      onBlur();
      notify(t('scanUploaded'), 'success');
    } catch (err) {
      // A refusal (format, size, rights) was shown by the fetcher.
      if (!(err instanceof BladeError)) throw err;
    } finally {
      setUploading(false);
    }
  };
  return (
    <Box sx={{ mb: 1 }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip
          size="small"
          color={fileId ? 'success' : 'default'}
          variant={fileId ? 'filled' : 'outlined'}
          label={fileId ? t('scanAttached') : t('scanNone')}
        />
        {fileId && href && (
          <Link href={href} target="_blank" rel="noopener">
            {t('scanView')}
          </Link>
        )}
        {!disabled && (
          <>
            <Button
              size="small"
              variant="outlined"
              disabled={uploading}
              onClick={() => input.current?.click()}
            >
              {uploading ? t('scanUploading') : fileId ? t('scanReplace') : t('scanUpload')}
            </Button>
            <input
              ref={input}
              type="file"
              hidden
              accept="image/png,image/jpeg"
              aria-label={t('scanUpload')}
              onChange={(e) => {
                const file = e.target.files?.[0];
                // The same file may be picked again after a refusal.
                e.target.value = '';
                if (file) void upload(file);
              }}
            />
          </>
        )}
      </Box>
      <FormHelperText error={!!error}>{error ?? t('scanHint')}</FormHelperText>
    </Box>
  );
}

/**
 * Invoices (发票管理, /administration/invoice): each on a contract picked from the tenant's contracts (fixed once
 * recorded), with its scan. The cap on a contract's invoiced total is blade/'s check; its refusal is shown as answered.
 */
export function InvoiceScreen() {
  const t = useTranslations();
  const ft = useTranslations('financeScreens');
  // Among 100,000 contracts: found by a fragment of the number as one types; an opened invoice's contract by its id.
  const contractLookup = useBusinessLookup<Contract>(
    proxied(contractResource.calls.list),
    'contractCode',
    contractLabel,
  );
  return (
    <ResourceScreen
      def={invoiceScreen}
      viewCode="invoice_view"
      fields={{
        contractId: {
          kind: 'lookup',
          wide: true,
          lookup: contractLookup,
          readOnlyIn: ['edit'],
        },
        fileId: {
          kind: 'custom',
          wide: true,
          render: (props) => <ScanControl label={t('business.invoice.fileId')} {...props} />,
        },
      }}
      columns={{
        contractCode: { sortable: false },
        contractName: { sortable: false },
        invoiceSituation: { flex: 0, width: 100, minWidth: 100 },
        scan: {
          sortable: false,
          flex: 0,
          width: 130,
          minWidth: 130,
          valueGetter: (_: unknown, row: Invoice) => (row.fileId ? ft('scanAttached') : ft('scanNone')),
        },
      }}
      order={{
        form: ['contractId'],
        list: ['invoiceCode', 'contractCode', 'contractName'],
      }}
      overrides={{
        toForm: (row) => ({ ...row, fileId: row.fileId ?? '' }),
      }}
    />
  );
}
