'use client';

import { useRef } from 'react';
import { useTranslations } from 'next-intl';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { CrudField } from '@/components/crud/types';
import { eventRecordResource } from '@/lib/contracts/business/event-record';
import { fieldTaskResource } from '@/lib/contracts/business/field-task';
import { useProjectLookup } from './business-data';
import { withAnswered } from './screen-helpers';
import { UserPicker } from './user-picker';

const fieldTaskScreen = withAnswered(fieldTaskResource, {
  projectName: 'business.fieldTask.projectId',
  userName: 'business.fieldTask.userId',
});
const eventRecordScreen = withAnswered(eventRecordResource, {
  projectName: 'business.eventRecord.projectId',
  userName: 'business.eventRecord.userId',
});
type Answered = { userId: unknown; userName: unknown };

/**
 * The two fields a task and an event share: the project (picked from the projects the caller reaches, fixed once
 * recorded) and the responsible user (userListByName), named by the row being edited until the list answers.
 */
function useProjectAndUser(label: string) {
  const projectLookup = useProjectLookup();
  const opened = useRef<Answered | null>(null);
  const fields = {
    projectId: { kind: 'lookup', lookup: projectLookup, readOnlyIn: ['edit'] },
    userId: {
      kind: 'custom',
      render: (props) => (
        <UserPicker
          {...props}
          label={label}
          known={
            opened.current
              ? { [String(opened.current.userId)]: String(opened.current.userName ?? '') }
              : undefined
          }
        />
      ),
    },
  } satisfies Record<string, Partial<CrudField>>;
  const toForm = <R extends Answered>(row: R) => {
    opened.current = row;
    return { ...row };
  };
  return { fields, toForm };
}

/** /administration/fieldTask: engineers' on-site work by project. */
export function FieldTaskScreen() {
  const t = useTranslations();
  const { fields, toForm } = useProjectAndUser(t(fieldTaskResource.fields.userId.label));
  return (
    <ResourceScreen
      def={fieldTaskScreen}
      fields={fields}
      columns={{
        projectName: { sortable: false },
        userName: { sortable: false },
        taskStatus: { flex: 0, width: 100, minWidth: 100 },
      }}
      order={{
        form: ['projectId', 'taskName'],
        list: [
          'taskName',
          'projectName',
          'taskType',
          'taskStatus',
          'startDate',
          'endDate',
          'location',
          'userName',
        ],
      }}
      overrides={{ toForm }}
    />
  );
}

/** /administration/eventRecord: what happened on a project. */
export function EventRecordScreen() {
  const t = useTranslations();
  const { fields, toForm } = useProjectAndUser(t(eventRecordResource.fields.userId.label));
  return (
    <ResourceScreen
      def={eventRecordScreen}
      fields={fields}
      columns={{
        projectName: { sortable: false },
        userName: { sortable: false },
        eventLevel: { flex: 0, width: 100, minWidth: 100 },
      }}
      order={{
        form: ['projectId', 'eventTitle'],
        list: ['eventTitle', 'projectName', 'eventType', 'eventLevel', 'eventDate', 'userName'],
      }}
      overrides={{ toForm }}
    />
  );
}
