'use client';

import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import NextLink from 'next/link';
import { useTranslations } from 'next-intl';
import { PATHS } from '@/components/application/api';
import { useCrudList } from '@/components/crud/use-crud-list';
import { filteredHref } from '@/components/crud/use-url-filters';
import type { ApplicationVO } from '@/lib/contracts/application/application';

/** How many of them the dashboard shows; the link opens them all. */
const SHOWN = 5;

/** The list the panel reads and opens: the customer's applications not finished (drafts included). */
const OPEN = { isFinished: '0' } as const;

/**
 * A customer's open applications with the step each is at, newest first: the first few rows of 我的申请's own list
 * call with its "not finished" filter, so the panel and the list it links to agree.
 */
export function MyOpenApplications() {
  const t = useTranslations('wel.myApplications');
  const state = useTranslations('application.state');
  const list = useCrudList<ApplicationVO>({ url: PATHS.myApplications, params: OPEN, pageSize: SHOWN });
  if (list.loading || list.rows.length === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="my-open-applications" sx={{ mt: 2, p: 2 }}>
      <Typography id="my-open-applications" component="h2" variant="h6" sx={{ mb: 1 }}>
        {t('title')}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{t('applicationNo')}</TableCell>
            <TableCell>{t('productName')}</TableCell>
            <TableCell>{t('step')}</TableCell>
            <TableCell>{t('updated')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {list.rows.map((row) => (
            <TableRow key={row.id} data-open-application={row.id}>
              <TableCell>{row.applicationNo || t('noNumber')}</TableCell>
              <TableCell>{row.productName}</TableCell>
              <TableCell>
                <Chip size="small" label={state(row.flowState)} />
              </TableCell>
              <TableCell>{row.updateTime}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Link
        component={NextLink}
        href={filteredHref('/application/myApplication', OPEN)}
        sx={{ mt: 1, display: 'inline-block' }}
      >
        {t('all', { total: list.total })}
      </Link>
    </Paper>
  );
}
