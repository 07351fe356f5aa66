'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CrudGrid } from '@/components/crud/crud-grid';
import { TextPromptDialog } from '@/components/crud/text-prompt-dialog';
import { FormDialog } from '@/components/crud/form-dialog';
import { SearchBar, type SearchValues } from '@/components/crud/search-bar';
import { useCrudList } from '@/components/crud/use-crud-list';
import { usePermissions } from '@/lib/permissions/use-permissions';
import { formatMoney } from '@/lib/shared/money';
import {
  CARD_SALE_CODES,
  SALE_STATES,
  type CardSaleDetailVO,
  type CardSaleInitVO,
  type CardSaleVO,
} from '@/lib/contracts/card-sale/card-sale';
import { PAYMENT_CODES } from '@/lib/contracts/payment/payment';
import {
  CARD_SALE_PATHS,
  cancelSale,
  initSale,
  issueSaleNote,
  receiveSale,
  rejectSale,
  reviewSale,
  saleDetail,
  saveSale,
  shipSale,
  submitSale,
  uploadSaleFile,
} from './api';
import { OrderForm } from './order-form';
import { PagePanel } from '@/components/crud/page-panel';

/** One order: state, certificates, lines, files and the actions the viewer may take in this state. */
function SaleDetail({ id, staff, onChanged }: { id: string; staff: boolean; onChanged: () => void }) {
  const t = useTranslations('cardSale.screen');
  const ts = useTranslations('cardSale.state');
  const tc = useTranslations('common');
  const { can } = usePermissions();
  const [sale, setSale] = useState<CardSaleDetailVO | null>(null);
  const [init, setInit] = useState<CardSaleInitVO | null>(null);
  const [asking, setAsking] = useState<'reject' | 'ship' | null>(null);
  const load = useCallback(() => saleDetail(id).then(setSale), [id]);
  useEffect(() => {
    void load().catch(() => undefined);
  }, [load]);
  useEffect(() => {
    if (!staff && sale?.saleState === 'draft' && !init)
      void initSale()
        .then(setInit)
        .catch(() => undefined);
  }, [staff, sale, init]);
  if (!sale) return <Typography>{t('loading')}</Typography>;
  const act = (run: () => Promise<CardSaleDetailVO>) => () =>
    void run()
      .then((after) => {
        setSale(after);
        onChanged();
      })
      .catch(() => undefined);
  const upload = (kind: 'form' | 'authLetter') => (file: File | undefined) =>
    file &&
    act(() =>
      uploadSaleFile(sale.id, kind, file, { unknown: tc('unknownError'), network: tc('networkError') }),
    )();
  const draft = sale.saleState === 'draft';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h6">{sale.orderNo}</Typography>
        <Chip size="small" label={t('detail.state', { state: ts(sale.saleState) })} />
        {sale.paymentNoteNo && (
          <>
            <Typography>{t('detail.paymentNote', { noteNo: sale.paymentNoteNo })}</Typography>
            <Link href={staff ? '/businessManagement/paymentNote' : '/application/myPaymentNote'}>
              {t('detail.openNote')}
            </Link>
          </>
        )}
        {sale.trackingNo && <Typography>{t('detail.trackingNo', { no: sale.trackingNo })}</Typography>}
        {sale.rejectReason && (
          <Typography>{t('detail.rejectReason', { reason: sale.rejectReason })}</Typography>
        )}
      </Box>
      {draft && !staff && init ? (
        <OrderForm
          init={init}
          draft={sale}
          save={saveSale}
          onSaved={(after) => (setSale(after), onChanged())}
        />
      ) : (
        <>
          <Typography variant="subtitle1">{t('detail.certificates')}</Typography>
          {sale.certificates.map((c) => (
            <Typography key={c.id}>{`${c.certNumber}　${c.productName}　${c.factoryName}`}</Typography>
          ))}
          <Typography variant="subtitle1">{t('detail.lines')}</Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('form.goods')}</TableCell>
                <TableCell align="right">{t('form.quantity')}</TableCell>
                <TableCell align="right">{t('form.unitPrice')}</TableCell>
                <TableCell align="right">{t('form.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {sale.lines.map((l) => (
                <TableRow key={l.id}>
                  <TableCell>{`${l.sku}（${l.sizeMm}mm ${l.markType}）`}</TableCell>
                  <TableCell align="right">{l.quantity}</TableCell>
                  <TableCell align="right">{l.unitPrice}</TableCell>
                  <TableCell align="right">{formatMoney(l.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Typography variant="h6">{t('form.total', { total: formatMoney(sale.totalAmount) })}</Typography>
          <Typography>{sale.shipTo}</Typography>
        </>
      )}
      {!staff && draft && (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          {(['form', 'authLetter'] as const).map((kind) => (
            <Button key={kind} component="label" variant="outlined">
              {`${t(`form.${kind}`)}：${(kind === 'form' ? sale.formFileId : sale.authLetterFileId) ? t('form.uploaded') : t('form.notUploaded')}`}
              <input hidden type="file" onChange={(e) => upload(kind)(e.target.files?.[0])} />
            </Button>
          ))}
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {!staff && draft && (
          <Button variant="contained" onClick={act(() => submitSale(sale.id))}>
            {t('form.submit')}
          </Button>
        )}
        {!staff && ['draft', 'submitted', 'reviewed'].includes(sale.saleState) && (
          <Button color="warning" onClick={act(() => cancelSale(sale.id))}>
            {t('form.cancel')}
          </Button>
        )}
        {!staff && sale.saleState === 'shipped' && (
          <Button variant="contained" onClick={act(() => receiveSale(sale.id))}>
            {t('form.receive')}
          </Button>
        )}
        {staff && sale.saleState === 'submitted' && can(CARD_SALE_CODES.review) && (
          <Button variant="contained" onClick={act(() => reviewSale(sale.id))}>
            {t('staff.review')}
          </Button>
        )}
        {staff && ['submitted', 'reviewed'].includes(sale.saleState) && can(CARD_SALE_CODES.reject) && (
          <Button color="warning" onClick={() => setAsking('reject')}>
            {t('staff.reject')}
          </Button>
        )}
        {staff && sale.saleState === 'reviewed' && can(PAYMENT_CODES.issue) && (
          <Button
            variant="outlined"
            onClick={act(() => issueSaleNote(sale.id).then(() => saleDetail(sale.id)))}
          >
            {t('staff.issueNote')}
          </Button>
        )}
        {staff && sale.saleState === 'paid' && can(CARD_SALE_CODES.ship) && (
          <Button variant="contained" onClick={() => setAsking('ship')}>
            {t('staff.ship')}
          </Button>
        )}
      </Box>
      {asking && (
        <TextPromptDialog
          multiline={asking === 'reject'}
          title={asking === 'reject' ? t('staff.reject') : t('staff.ship')}
          label={asking === 'reject' ? t('staff.reason') : t('staff.trackingNo')}
          onClose={() => setAsking(null)}
          onSubmit={(value) =>
            (asking === 'reject' ? rejectSale(sale.id, value) : shipSale(sale.id, value)).then((after) => {
              setSale(after);
              onChanged();
            })
          }
        />
      )}
    </Box>
  );
}

/** A new order: the choices from initCccCardSale, then the form; the saved draft opens for the upload and submit. */
function NewOrder({ onSaved }: { onSaved: (after: CardSaleDetailVO) => void }) {
  const t = useTranslations('cardSale.screen');
  const [init, setInit] = useState<CardSaleInitVO | null>(null);
  useEffect(() => {
    void initSale()
      .then(setInit)
      .catch(() => undefined);
  }, []);
  if (!init) return <Typography>{t('loading')}</Typography>;
  return <OrderForm init={init} save={saveSale} onSaved={onSaved} />;
}

/**
 * Mark orders (selectCccCardSaleDtoPage): the customer's company's on /application/myCardSale (new order, upload,
 * submit), every order of the tenant for staff on /businessManagement/cardSale (review, reject, issue the note, ship).
 */
export function CardSaleList({ staff }: { staff: boolean }) {
  const t = useTranslations('cardSale.screen');
  const ts = useTranslations('cardSale.state');
  const [filters, setFilters] = useState<SearchValues>({});
  const params = useMemo(() => ({ ...filters }), [filters]);
  const list = useCrudList<CardSaleVO>({ url: CARD_SALE_PATHS.page, params });
  const [shown, setShown] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const columns = useMemo<GridColDef<CardSaleVO>[]>(
    () => [
      { field: 'orderNo', headerName: t('list.orderNo'), flex: 1, minWidth: 150 },
      ...(staff ? [{ field: 'companyName', headerName: t('list.companyName'), flex: 1, minWidth: 160 }] : []),
      {
        field: 'totalAmount',
        headerName: t('list.totalAmount'),
        width: 140,
        align: 'right',
        valueFormatter: (v: string) => formatMoney(v),
      },
      {
        field: 'saleState',
        headerName: t('list.saleState'),
        width: 120,
        renderCell: ({ row }) => <Chip size="small" label={ts(row.saleState)} />,
      },
      { field: 'createTime', headerName: t('list.createTime'), width: 170 },
    ],
    [t, ts, staff],
  );
  const title = staff ? t('staffTitle') : t('customerTitle');
  return (
    <PagePanel title={title}>
      <SearchBar
        fields={[
          { name: 'orderNo', label: t('list.orderNo') },
          {
            name: 'saleState',
            label: t('list.saleState'),
            kind: 'select',
            options: SALE_STATES.map((s) => ({ value: s, label: ts(s) })),
          },
        ]}
        onSearch={setFilters}
      />
      <CrudGrid<CardSaleVO>
        list={list}
        columns={columns}
        selectable={false}
        label={title}
        onRowClick={(row) => setShown(row.id)}
        rowActions={[{ label: t('view'), onClick: (row) => setShown(row.id) }]}
        toolbar={
          staff ? undefined : (
            <Button variant="contained" onClick={() => setCreating(true)}>
              {t('newOrder')}
            </Button>
          )
        }
      />
      {creating && (
        <FormDialog open title={t('newOrder')} onClose={() => setCreating(false)} width={860}>
          <NewOrder
            onSaved={(after) => {
              setCreating(false);
              void list.reload();
              setShown(after.id);
            }}
          />
        </FormDialog>
      )}
      {shown && (
        <FormDialog open title={title} onClose={() => setShown(null)} width={860}>
          <SaleDetail id={shown} staff={staff} onChanged={() => void list.reload()} />
        </FormDialog>
      )}
    </PagePanel>
  );
}
