'use client';

import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { RemoveLineButton, useEditableLines } from '@/components/crud/editable-lines';
import { RefusalAlert } from '@/components/crud/refusal-alert';
import { SelectField } from '@/components/crud/select-field';
import { useRefusal } from '@/components/crud/use-refusal';
import {
  isWholeQuantity,
  lineAmount,
  orderTotal,
  type CardSaleDetailVO,
  type CardSaleInitVO,
} from '@/lib/contracts/card-sale/card-sale';
import { formatMoney } from '@/lib/shared/money';
import type { SaleForm } from './api';

interface LineValues {
  goodsId: string;
  quantity: string;
}

/** A quantity field's whole number of pieces, or NaN (the field as typed). */
const piecesOf = (text: string) => (/^\d{1,8}$/.test(text.trim()) ? Number(text.trim()) : NaN);

/**
 * The customer's order form (new or a draft): certificates to buy for, goods lines in pieces with the sheet and pack
 * rule checked as typed, and the total shown live as the exact sum of the lines (integer cents, the contract's
 * functions, the same the server uses). Saving sends the total seen; the server checks it again.
 */
export function OrderForm({
  init,
  draft,
  save,
  onSaved,
}: {
  init: CardSaleInitVO;
  draft?: CardSaleDetailVO | null;
  save: (form: SaleForm) => Promise<CardSaleDetailVO>;
  onSaved: (after: CardSaleDetailVO) => void;
}) {
  const t = useTranslations('cardSale.screen.form');
  const [certificateIds, setCertificateIds] = useState<string[]>(draft?.certificateIds ?? []);
  const { lines, setLine, addLine, removeLine, canRemove } = useEditableLines<LineValues>(
    draft?.lines.length
      ? draft.lines.map((l) => ({ goodsId: l.goodsId, quantity: String(l.quantity) }))
      : [{ goodsId: init.goods[0]?.id ?? '', quantity: '' }],
  );
  const [shipTo, setShipTo] = useState(draft?.shipTo || init.shipTo);
  const { busy, refusal, run } = useRefusal();
  const goodsById = useMemo(() => new Map(init.goods.map((g) => [g.id, g])), [init.goods]);
  const goodsOptions = useMemo(
    () =>
      init.goods.map((g) => ({
        value: g.id,
        label: `${g.sku}（${g.sizeMm}mm ${g.markType}，${g.unitPrice}）`,
      })),
    [init.goods],
  );

  const checked = lines.map((line) => {
    const goods = goodsById.get(line.goodsId);
    const quantity = piecesOf(line.quantity);
    const whole = goods !== undefined && isWholeQuantity(goods, quantity);
    return { goods, quantity, whole, amount: whole && goods ? lineAmount(goods.unitPrice, quantity) : null };
  });
  const allWhole = checked.every((c) => c.whole);
  const total = allWhole
    ? orderTotal(checked.map((c) => ({ unitPrice: c.goods!.unitPrice, quantity: c.quantity })))
    : null;

  const submit = async () => {
    if (!allWhole || total === null) return;
    await run(async () =>
      onSaved(
        await save({
          ...(draft?.id ? { id: draft.id } : {}),
          certificateIds,
          lines: checked.map((c, i) => ({ goodsId: lines[i].goodsId, quantity: c.quantity })),
          totalAmount: total,
          shipTo: shipTo.trim(),
        }),
      ),
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="subtitle1">{t('certificates')}</Typography>
      {init.certificates.length === 0 && (
        <Typography color="text.secondary">{t('noCertificates')}</Typography>
      )}
      <Box sx={{ display: 'flex', flexDirection: 'column' }}>
        {init.certificates.map((c) => (
          <FormControlLabel
            key={c.id}
            control={
              <Checkbox
                checked={certificateIds.includes(c.id)}
                onChange={(e) =>
                  setCertificateIds((ids) =>
                    e.target.checked ? [...ids, c.id] : ids.filter((id) => id !== c.id),
                  )
                }
              />
            }
            label={`${c.certNumber}　${c.productName}　${c.factoryName}（${c.validTo}）`}
          />
        ))}
      </Box>
      <Typography variant="subtitle1">{t('lines')}</Typography>
      {lines.map((line, i) => {
        const { goods, whole, amount } = checked[i];
        const loose = line.quantity.trim() !== '' && goods && !whole;
        return (
          <Box key={i} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <SelectField
              label={t('goods')}
              value={line.goodsId}
              onChange={(goodsId) => setLine(i, { goodsId })}
              sx={{ minWidth: 220 }}
              helperText={
                goods ? t('sizes', { sheet: goods.piecesPerSheet, pack: goods.piecesPerPack }) : ' '
              }
              options={goodsOptions}
            />
            <TextField
              label={t('quantity')}
              value={line.quantity}
              onChange={(e) => setLine(i, { quantity: e.target.value })}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              error={Boolean(loose)}
              helperText={
                loose && goods
                  ? t('looseHint', { sku: goods.sku, sheet: goods.piecesPerSheet, pack: goods.piecesPerPack })
                  : ' '
              }
            />
            <Typography sx={{ pt: 2, minWidth: 120 }} data-testid={`line-amount-${i}`}>
              {amount === null ? '--' : formatMoney(amount)}
            </Typography>
            <RemoveLineButton label={t('removeLine')} disabled={!canRemove} onClick={() => removeLine(i)} />
          </Box>
        );
      })}
      <Box>
        <Button onClick={() => addLine({ goodsId: init.goods[0]?.id ?? '', quantity: '' })}>
          {t('addLine')}
        </Button>
      </Box>
      <Typography variant="h6" data-testid="order-total">
        {t('total', { total: total === null ? '--' : formatMoney(total) })}
      </Typography>
      <TextField
        label={t('shipTo')}
        value={shipTo}
        onChange={(e) => setShipTo(e.target.value)}
        fullWidth
        multiline
      />
      <RefusalAlert refusal={refusal} />
      <Box>
        <Button variant="contained" disabled={busy || !allWhole} onClick={() => void submit()}>
          {t('save')}
        </Button>
      </Box>
    </Box>
  );
}
