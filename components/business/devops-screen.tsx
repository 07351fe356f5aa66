'use client';

import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useRef } from 'react';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { CrudField } from '@/components/crud/types';
import type { FieldDef } from '@/lib/contracts/resource';
import { devopsRecordResource } from '@/lib/contracts/business/devops';
import { useProjectLookup } from './business-data';
import { withAnswered } from './screen-helpers';
import { UserPicker } from './user-picker';

type Engineer = { devUserId: string; label?: string; workload: string };

/**
 * The screen's definition: the list's project name, and `devUserList` as a form field of its own — the engineers as
 * JSON text (the add call takes it so), edited by the control below, never a column.
 */
const screenDef = (() => {
  const answered = withAnswered(devopsRecordResource, { projectName: 'business.devops.projectId' });
  const devUserList: FieldDef = {
    column: 'dev_user_list',
    kind: 'text',
    max: 20_000,
    label: 'business.devops.devUserList',
    required: 'business.devops.usersRequired',
    list: false,
  };
  return { ...answered, fields: { ...answered.fields, devUserList } };
})();

const parse = (value: unknown): Engineer[] => {
  if (typeof value !== 'string' || !value) return [];
  try {
    return JSON.parse(value) as Engineer[];
  } catch {
    return [];
  }
};

/** The engineers of a record: a user and their workload per line. */
function EngineersControl(props: {
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
}) {
  const t = useTranslations('business.devops');
  const list = parse(props.value);
  const known = Object.fromEntries(list.map((e) => [e.devUserId, e.label ?? '']));
  const set = (next: Engineer[]) => props.onChange(next.length ? JSON.stringify(next) : '');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {t('devUserList')}
      </Typography>
      {list.map((engineer, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1 }}>
            <UserPicker
              label={t('engineer')}
              value={engineer.devUserId}
              known={known}
              disabled={props.disabled}
              onChange={(id) =>
                set(list.map((e, j) => (j === i ? { ...e, devUserId: String(id ?? '') } : e)))
              }
              onBlur={props.onBlur}
            />
          </Box>
          <TextField
            size="small"
            label={t('workload')}
            value={engineer.workload}
            disabled={props.disabled}
            onChange={(e) => set(list.map((x, j) => (j === i ? { ...x, workload: e.target.value } : x)))}
            onBlur={props.onBlur}
            sx={{ width: 160 }}
          />
          {!props.disabled && (
            <IconButton aria-label={t('removeEngineer')} onClick={() => set(list.filter((_, j) => j !== i))}>
              <DeleteOutlineIcon />
            </IconButton>
          )}
        </Box>
      ))}
      {!props.disabled && (
        <Button
          startIcon={<AddIcon />}
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => set([...list, { devUserId: '', workload: '' }])}
        >
          {t('addEngineer')}
        </Button>
      )}
      {props.error && <FormHelperText error>{props.error}</FormHelperText>}
    </Box>
  );
}

/** /administration/devopsRecord: a project's maintenance visits, with the engineers and their workloads. */
export function DevopsRecordScreen() {
  const projectLookup = useProjectLookup();
  const opened = useRef<unknown>(null);
  const fields = {
    projectId: { kind: 'lookup', lookup: projectLookup, readOnlyIn: ['edit'] },
    devUserList: {
      kind: 'custom',
      wide: true,
      render: ({ value, onChange, onBlur, error, disabled }) => (
        <EngineersControl
          value={value}
          onChange={onChange}
          onBlur={onBlur}
          error={error}
          disabled={disabled}
        />
      ),
    },
  } satisfies Record<string, Partial<CrudField>>;
  return (
    <ResourceScreen
      def={screenDef}
      fields={fields}
      columns={{ projectName: { sortable: false }, devopsDate: { flex: 0, width: 120, minWidth: 120 } }}
      order={{
        form: ['projectId', 'devopsDate', 'devopsContent', 'devUserList'],
        list: ['devopsDate', 'projectName', 'devopsContent', 'workload'],
      }}
      overrides={{
        toForm: (row) => {
          opened.current = row;
          return { ...row, devUserList: JSON.stringify(row.devUserList ?? []) };
        },
      }}
    />
  );
}
