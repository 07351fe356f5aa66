'use client';

import Button from '@mui/material/Button';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ResourceScreen } from '@/components/crud/resource-screen';
import { customerResource } from '@/lib/contracts/business/customer';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { CustomerImportDialog } from './customer-import';

/** /administration/customer: the tenant's client companies, added one by one or imported from an .xlsx. */
export function CustomerScreen() {
  const t = useTranslations('partyScreens');
  const { can } = usePermissions();
  const [importing, setImporting] = useState(false);
  return (
    <ResourceScreen
      def={customerResource}
      columns={{ customerType: { flex: 0, width: 110, minWidth: 110 } }}
      overrides={{
        toolbarExtra: ({ reload }) => (
          <>
            {can('customer_add') && (
              <Button variant="outlined" onClick={() => setImporting(true)}>
                {t('import')}
              </Button>
            )}
            {importing && <CustomerImportDialog onClose={() => setImporting(false)} onDone={reload} />}
          </>
        ),
      }}
    />
  );
}
