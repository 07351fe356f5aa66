'use client';

import { proxied } from '@/lib/client/fetcher';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { RowOf } from '@/lib/contracts/resource';
import { projectAcceptance, projectResource, projectUpdateState } from '@/lib/contracts/business/project';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { AcceptanceDialog, ProjectStateDialog } from './business-dialogs';
import { detailHref } from './screen-helpers';

type Project = RowOf<typeof projectResource>;
type Action = { kind: 'state' | 'acceptance'; row: Project };

const LIST = proxied(projectResource.calls.list);

/** /administration/projectManagement: the projects, their state changes and acceptance. */
export function ProjectScreen() {
  const t = useTranslations('businessScreens');
  const router = useRouter();
  const { can } = usePermissions();
  const { mutate } = useSWRConfig();
  const [action, setAction] = useState<Action | null>(null);
  // The grid's list is keyed [url, params]: refresh every page of it after an action.
  const reload = () => mutate((key) => Array.isArray(key) && key[0] === LIST);
  const status = (row: Project) => String(row.projectStatus);
  const dialog = action && {
    id: action.row.id,
    name: action.row.projectName,
    onClose: () => setAction(null),
    onDone: reload,
  };
  return (
    <>
      <ResourceScreen
        def={projectResource}
        viewCode="project_view"
        columns={{ projectStatus: { flex: 0, width: 100, minWidth: 100 } }}
        overrides={{
          rowActions: [
            {
              label: t('detail'),
              onClick: (row) => router.push(detailHref('projectManagement', row.id)),
              hidden: !can('project_view'),
            },
            {
              label: t('changeState'),
              onClick: (row) => setAction({ kind: 'state', row }),
              hidden: (row) => !can('project_state') || !['1', '2'].includes(status(row)),
            },
            {
              label: t('acceptance'),
              onClick: (row) => setAction({ kind: 'acceptance', row }),
              hidden: (row) => !can('project_acceptance') || status(row) !== '2',
            },
          ],
        }}
      />
      {dialog && action?.kind === 'state' && (
        <ProjectStateDialog {...dialog} path={projectUpdateState.call.path} />
      )}
      {dialog && action?.kind === 'acceptance' && (
        <AcceptanceDialog {...dialog} path={projectAcceptance.call.path} />
      )}
    </>
  );
}
