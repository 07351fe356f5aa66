'use client';

import { proxied } from '@/lib/client/fetcher';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { RowOf } from '@/lib/contracts/resource';
import { contractAcceptance, contractEnd, contractResource } from '@/lib/contracts/business/contract';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { useProjectLookup } from './business-data';
import { AcceptanceDialog, ContractEndDialog } from './business-dialogs';
import { detailHref, withAnswered } from './screen-helpers';

const contractScreen = withAnswered(contractResource, { projectName: 'business.contract.projectId' });
type Contract = RowOf<typeof contractScreen>;
type Action = { kind: 'acceptance' | 'end'; row: Contract };

const LIST = proxied(contractResource.calls.list);

/**
 * Contracts: of every project (/administration/contractManagement, the project picked in a select), or of one
 * project (its detail page: the project is fixed and not shown).
 */
export function ContractScreen({ projectId, onChanged }: { projectId?: string; onChanged?: () => void }) {
  const t = useTranslations('businessScreens');
  const router = useRouter();
  const { can } = usePermissions();
  const { mutate } = useSWRConfig();
  const [action, setAction] = useState<Action | null>(null);
  const projectLookup = useProjectLookup();
  const params = useMemo(() => (projectId ? { projectId } : undefined), [projectId]);
  const reload = async () => {
    await mutate((key) => Array.isArray(key) && key[0] === LIST);
    onChanged?.();
  };
  const open = (row: Contract) => String(row.contractStatus) === '1';
  const dialog = action && {
    id: action.row.id,
    name: action.row.contractName,
    onClose: () => setAction(null),
    onDone: reload,
  };
  return (
    <>
      <ResourceScreen
        def={contractScreen}
        viewCode="contract_view"
        fields={{
          projectId: projectId ? false : { kind: 'lookup', lookup: projectLookup, readOnlyIn: ['edit'] },
        }}
        columns={{
          projectName: projectId ? false : { sortable: false },
          contractStatus: { flex: 0, width: 100, minWidth: 100 },
        }}
        order={{ form: ['projectId'], list: ['contractName', 'contractCode', 'projectName'] }}
        overrides={{
          ...(projectId
            ? {
                params,
                onAddValues: () => ({ projectId }),
                toBody: (values) => ({ ...values, projectId }),
              }
            : {}),
          // Accepted or ended contracts are history: no edit, no delete (blade/ refuses them too).
          readOnlyRow: (row) => !open(row),
          onSaved: () => onChanged?.(),
          rowActions: [
            {
              label: t('detail'),
              onClick: (row) => router.push(detailHref('contractManagement', row.id)),
              // The page's code is no button: the view button's code opens the detail page.
              hidden: !can('contract_view') && !can('project_view'),
            },
            {
              label: t('acceptance'),
              onClick: (row) => setAction({ kind: 'acceptance', row }),
              hidden: (row) => !can('contract_acceptance') || !open(row),
            },
            {
              label: t('end'),
              color: 'error',
              onClick: (row) => setAction({ kind: 'end', row }),
              hidden: (row) => !can('contract_end') || !open(row),
            },
          ],
        }}
      />
      {dialog && action?.kind === 'acceptance' && (
        <AcceptanceDialog {...dialog} path={contractAcceptance.call.path} />
      )}
      {dialog && action?.kind === 'end' && <ContractEndDialog {...dialog} path={contractEnd.call.path} />}
    </>
  );
}
