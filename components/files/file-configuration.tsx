'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { z } from '@/lib/zod';
import { CrudScreen } from '@/components/crud/crud-screen';
import { ResourceScreen } from '@/components/crud/resource-screen';
import type { BladePage, CrudField, FormValues } from '@/components/crud/types';
import { bladeRequest } from '@/lib/client/fetcher';
import { fileFunctionResource } from '@/lib/contracts/files/function';
import { CONFIG_PATHS } from './api';
import { CatalogTree } from './catalog-tree';
import { FunctionSelect } from './function-select';
import { flag, PREPARATION_FILE_TYPE, type CatalogNode } from './model';
import { SealSettings } from './seal-settings';
import { useCatalog } from './use-catalog';

/** The catalogue node's yes/no rules, in the order the form shows them. */
const RULE_FLAGS = [
  'canAddAppNode',
  'canUpload',
  'mustUpload',
  'canCover',
  'canDownload',
  'canView',
  'canDel',
  'needStamped',
] as const;
const RULE_NUMBERS = ['canMultiUpload', 'maxFileSize'] as const;

const crudApi = (base: string) => ({
  list: `${base}/list`,
  detail: `${base}/detail`,
  submit: `${base}/submit`,
  remove: `${base}/remove`,
});

type Translate = ReturnType<typeof useTranslations>;

const limitNumber = (t: Translate) =>
  z.union([z.literal(''), z.coerce.number().int(t('nonNegativeInt')).min(0, t('nonNegativeInt'))]).optional();

/** The functions: the generic screen of their definition (the code is the key, fixed once created). */
function FunctionTab() {
  const t = useTranslations('fileConfig');
  return (
    <ResourceScreen
      def={fileFunctionResource}
      fields={{ functionCode: { readOnlyIn: ['edit'] } }}
      columns={{
        isHidden: {
          flex: 0,
          minWidth: 100,
          valueGetter: (_, row) => (flag(row.isHidden) ? t('yes') : t('no')),
        },
      }}
    />
  );
}

const LIBRARY = { functionCode: '', dataId: '' };

/** One level of the catalogue library (fileCatalog/list answers a level per parentId), for the lazy trees. */
async function loadLibraryLevel(_: unknown, parentId: string): Promise<CatalogNode[]> {
  const { data } = await bladeRequest<BladePage<CatalogNode>>(`${CONFIG_PATHS.catalog}/list`, {
    params: { parentId, current: 1, size: 500 },
  });
  return data.records;
}

function useLibrary() {
  return useCatalog(LIBRARY, loadLibraryLevel);
}

/** Picks a library node in a form (the preset's catalogue). */
function LibraryPicker({
  value,
  label,
  onChange,
  error,
}: {
  value: string;
  label: string;
  onChange: (id: string, name: string) => void;
  error?: string;
}) {
  const t = useTranslations('fileConfig');
  const library = useLibrary();
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="caption" color={error ? 'error' : 'text.secondary'}>
        {label}
        {value ? ` · ${t('preset.picked', { id: value })}` : ''}
      </Typography>
      <Paper variant="outlined" sx={{ maxHeight: 220, overflow: 'auto', p: 1 }}>
        <CatalogTree
          catalog={library}
          selectedId={value || null}
          onSelect={(n) => onChange(n.id, n.catalogName)}
        />
      </Paper>
      <Typography variant="caption" color="error">
        {error ?? ' '}
      </Typography>
    </Box>
  );
}

/** The library as a lazy tree on the left; the grid lists the children of the picked node (or the roots). */
function CatalogTab() {
  const t = useTranslations('fileConfig');
  const library = useLibrary();
  const [parent, setParent] = useState<CatalogNode | null>(null);
  const parentId = parent?.id ?? '0';
  const params = useMemo(() => ({ parentId }), [parentId]);
  const schema = useMemo(
    () =>
      z.object({
        catalogName: z.string().trim().min(1, t('catalog.nameRequired')).max(200),
        catalogCode: z.string().max(64).optional(),
        fileType: z.string().max(32).optional(),
        canMultiUpload: limitNumber(t),
        maxFileSize: limitNumber(t).refine(
          (v) => v === undefined || v === '' || v <= 500,
          t('catalog.maxFileSizeMax'),
        ),
        sort: limitNumber(t),
      }),
    [t],
  );
  const fields: CrudField[] = [
    { name: 'catalogName', label: t('catalog.catalogName') },
    { name: 'catalogCode', label: t('catalog.catalogCode') },
    {
      name: 'fileType',
      label: t('catalog.fileType'),
      kind: 'select',
      options: [
        { value: '0', label: t('catalog.fileTypes.0') },
        { value: PREPARATION_FILE_TYPE, label: t('catalog.fileTypes.1') },
      ],
    },
    { name: 'sort', label: t('catalog.sort'), kind: 'number' },
    { name: 'fileNodeProp', label: t('catalog.fileNodeProp') },
    { name: 'fileNodeType', label: t('catalog.fileNodeType') },
    ...RULE_NUMBERS.map((name) => ({ name, label: t(`rules.${name}`), kind: 'number' as const })),
    ...RULE_FLAGS.map((name) => ({ name, label: t(`rules.${name}`), kind: 'switch' as const })),
    { name: 'remark', label: t('catalog.remark'), kind: 'textarea' },
  ];
  const columns: GridColDef<CatalogNode>[] = [
    { field: 'catalogName', headerName: t('catalog.catalogName'), flex: 2, minWidth: 180 },
    { field: 'catalogCode', headerName: t('catalog.catalogCode'), flex: 1, minWidth: 110 },
    {
      field: 'fileType',
      headerName: t('catalog.fileType'),
      width: 100,
      valueGetter: (_, row) =>
        row.fileType === PREPARATION_FILE_TYPE ? t('catalog.fileTypes.1') : t('catalog.fileTypes.0'),
    },
    { field: 'canMultiUpload', headerName: t('rules.canMultiUpload'), width: 100 },
    { field: 'maxFileSize', headerName: t('rules.maxFileSize'), width: 120 },
    {
      field: 'rules',
      headerName: t('catalog.rules'),
      flex: 2,
      minWidth: 220,
      valueGetter: (_, row) =>
        RULE_FLAGS.filter((name) => flag(row[name]))
          .map((name) => t(`rules.${name}`))
          .join(' · '),
    },
  ];
  const empty: FormValues = {
    catalogName: '',
    catalogCode: '',
    fileType: '0',
    fileNodeProp: '',
    fileNodeType: '',
    canMultiUpload: 0,
    maxFileSize: 0,
    sort: 0,
    remark: '',
    canAddAppNode: 0,
    canUpload: 1,
    mustUpload: 0,
    canCover: 1,
    canDownload: 1,
    canView: 1,
    canDel: 1,
    needStamped: 0,
  };
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      <Paper
        variant="outlined"
        sx={{ width: 280, flexShrink: 0, p: 1, maxHeight: 'calc(100vh - 260px)', overflow: 'auto' }}
      >
        <Button
          size="small"
          variant={parent ? 'text' : 'contained'}
          onClick={() => setParent(null)}
          sx={{ mb: 1 }}
        >
          {t('catalog.roots')}
        </Button>
        <CatalogTree catalog={library} selectedId={parent?.id ?? null} onSelect={setParent} />
      </Paper>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {parent ? t('catalog.childrenOf', { name: parent.catalogName }) : t('catalog.roots')}
        </Typography>
        <CrudScreen<CatalogNode>
          key={parentId}
          title={t('catalog.title')}
          api={crudApi(CONFIG_PATHS.catalog)}
          columns={columns}
          fields={fields}
          schema={schema}
          emptyValues={empty}
          params={params}
          toBody={(values, mode) => (mode === 'add' ? { ...values, parentId } : values)}
          onSaved={() => library.reload()}
        />
      </Box>
    </Box>
  );
}

interface Preset {
  id: string;
  functionCode: string;
  fileCatalogId: string;
  catalogName?: string;
  sort?: number;
  [rule: string]: unknown;
}

function presetSchema(t: Translate) {
  return z.object({
    fileCatalogId: z
      .union([z.string(), z.number()])
      .refine((v) => v !== '' && v !== '0', t('preset.catalogRequired')),
    canMultiUpload: limitNumber(t),
    maxFileSize: limitNumber(t),
    sort: limitNumber(t),
  });
}

/** A preset ties a catalogue subtree to a function; an empty rule inherits the catalogue's own. */
function PresetTab() {
  const t = useTranslations('fileConfig');
  const schema = useMemo(() => presetSchema(t), [t]);
  const [functionCode, setFunctionCode] = useState('');
  const params = useMemo(() => ({ functionCode }), [functionCode]);
  const inherit = [
    { value: '', label: t('preset.inherit') },
    { value: 1, label: t('yes') },
    { value: 0, label: t('no') },
  ];
  const fields: CrudField[] = [
    {
      name: 'fileCatalogId',
      label: t('preset.fileCatalogId'),
      kind: 'custom',
      wide: true,
      readOnlyIn: ['edit'],
      render: ({ value, onChange, onBlur, error }) => (
        <LibraryPicker
          value={value ? String(value) : ''}
          label={t('preset.fileCatalogId')}
          error={error}
          onChange={(id) => {
            onChange(id);
            onBlur();
          }}
        />
      ),
    },
    { name: 'sort', label: t('catalog.sort'), kind: 'number' },
    ...RULE_NUMBERS.map((name) => ({ name, label: t(`rules.${name}`), kind: 'number' as const })),
    ...RULE_FLAGS.map((name) => ({
      name,
      label: t(`rules.${name}`),
      kind: 'select' as const,
      options: inherit,
    })),
  ];
  const columns: GridColDef<Preset>[] = [
    { field: 'catalogName', headerName: t('preset.fileCatalogId'), flex: 1, minWidth: 180 },
    { field: 'sort', headerName: t('catalog.sort'), width: 80 },
    {
      field: 'rules',
      headerName: t('preset.overrides'),
      flex: 2,
      minWidth: 240,
      valueGetter: (_, row) =>
        [...RULE_FLAGS, ...RULE_NUMBERS]
          .filter((name) => row[name] !== null && row[name] !== undefined && row[name] !== '')
          .map((name) => `${t(`rules.${name}`)}: ${String(row[name])}`)
          .join(' · '),
    },
  ];
  const empty: FormValues = {
    functionCode,
    fileCatalogId: '',
    sort: 0,
    canMultiUpload: '',
    maxFileSize: '',
    ...Object.fromEntries(RULE_FLAGS.map((name) => [name, ''])),
  };
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <FunctionSelect
        label={t('preset.function')}
        value={functionCode}
        onChange={setFunctionCode}
        sx={{ maxWidth: 320 }}
      />
      {functionCode ? (
        <CrudScreen<Preset>
          key={functionCode}
          title={t('preset.title')}
          api={crudApi(CONFIG_PATHS.preset)}
          columns={columns}
          fields={fields}
          schema={schema}
          params={params}
          emptyValues={empty}
          toBody={(values) => ({ ...values, functionCode })}
        />
      ) : (
        <Typography color="text.secondary">{t('preset.pickFunction')}</Typography>
      )}
    </Box>
  );
}

/** /system/fileConfiguration_detail: file function, catalogue and preset maintenance (spec 000 §2, 001 §7.3). */
export function FileConfiguration() {
  const t = useTranslations('fileConfig');
  const [tab, setTab] = useState<'function' | 'catalog' | 'preset' | 'seal'>('function');
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography component="h1" variant="h6">
        {t('title')}
      </Typography>
      <Tabs value={tab} onChange={(_, value: typeof tab) => setTab(value)}>
        <Tab value="function" label={t('function.title')} />
        <Tab value="catalog" label={t('catalog.title')} />
        <Tab value="preset" label={t('preset.title')} />
        <Tab value="seal" label={t('seal.tab')} />
      </Tabs>
      {tab === 'function' ? (
        <FunctionTab />
      ) : tab === 'catalog' ? (
        <CatalogTab />
      ) : tab === 'preset' ? (
        <PresetTab />
      ) : (
        <SealSettings />
      )}
    </Box>
  );
}
