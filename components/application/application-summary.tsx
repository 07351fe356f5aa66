'use client';

import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslations } from 'next-intl';
import type { ApplicationInput } from './api';
import { shownParties } from './form-rules';
import { FieldPairs } from '@/components/business/field-pairs';

/** What the application says: parties, product, models, markings and standards (the review step and the cases). */
export function ApplicationSummary({ input }: { input: ApplicationInput }) {
  const t = useTranslations('application.screen');
  const f = (name: string) => t(`fields.${name}`);
  const party = (prefix: 'applicant' | 'manufacturer' | 'factory') => [
    { label: f(`${prefix}Name`), value: input[`${prefix}Name`] },
    { label: f(`${prefix}CreditCode`), value: input[`${prefix}CreditCode`] },
    { label: f(`${prefix}Address`), value: input[`${prefix}Address`] },
  ];
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
      <FieldPairs
        columns={3}
        items={[
          ...shownParties(input.scheme).flatMap(party),
          { label: f('contactName'), value: input.contactName },
          { label: f('contactPhone'), value: input.contactPhone },
        ]}
      />
      <FieldPairs
        columns={3}
        items={[
          ...(input.scheme === 'cnex' && input.cnexType
            ? [{ label: f('cnexType'), value: t(`cnexType.${input.cnexType}`) }]
            : []),
          { label: input.scheme === 'cnex' ? f('scope') : f('productName'), value: input.productName },
          ...(input.scheme === 'ccc'
            ? [
                {
                  label: f('productCategory'),
                  value: input.productCategory
                    ? `${input.productCategory} ${t.has(`category.${input.productCategory}`) ? t(`category.${input.productCategory}`) : ''}`
                    : '',
                },
              ]
            : []),
          { label: f('unitNo'), value: input.unitNo },
          { label: f('trademark'), value: input.trademark },
          {
            label: f('applicationType'),
            value: input.applicationType ? t(`applicationType.${input.applicationType}`) : '',
          },
          { label: f('certNumber'), value: input.certNumber },
          { label: f('standards'), value: input.standards.split(',').filter(Boolean).join('、') },
          { label: f('ratedParams'), value: input.ratedParams, wide: true },
          {
            label: f('exMarkings'),
            wide: true,
            value: input.exMarkings.length ? (
              <Box component="span" sx={{ display: 'inline-flex', gap: 1, flexWrap: 'wrap' }}>
                {input.exMarkings.map((m) => (
                  <Chip key={m} size="small" label={m} />
                ))}
              </Box>
            ) : (
              ''
            ),
          },
          { label: f('remark'), value: input.remark, wide: true },
        ]}
      />
      {input.models.length > 0 && (
        <Table size="small" aria-label={t('form.models')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('fields.model')}</TableCell>
              <TableCell>{t('fields.spec')}</TableCell>
              <TableCell>{t('fields.isSampleModel')}</TableCell>
              <TableCell>{t('fields.differenceNote')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {input.models.map((m, i) => (
              <TableRow key={i}>
                <TableCell>{m.model}</TableCell>
                <TableCell>{m.spec}</TableCell>
                <TableCell>{m.isSampleModel ? t('common.yes') : ''}</TableCell>
                <TableCell>{m.differenceNote}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
