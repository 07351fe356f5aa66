import { fromCents, sumAmounts, subtractAmounts, toCents } from '@/lib/contracts/payment/money';
import { lineProblems, linesTotal, voucherProblems } from '@/components/payment/rules';

describe('the lines total of a payment note', () => {
  it('adds in exact decimals (no floating point)', () => {
    expect(
      linesTotal([
        { item: '检测费', amount: '0.1' },
        { item: '证书费', amount: '0.2' },
      ]),
    ).toBe('0.30');
    expect(
      linesTotal([
        { item: '申请费', amount: '500' },
        { item: '检测费', amount: '12000.10' },
        { item: '差旅费', amount: '9999999999999999.99' },
      ]),
    ).toBe('10000000000012500.09');
    expect(sumAmounts(['1.005'])).toBeNull();
    expect(toCents('12.5')).toBe(1250n);
    expect(fromCents(5n)).toBe('0.05');
    expect(subtractAmounts('100.00', '60.01')).toBe('39.99');
  });

  it('has no total while a line is not a positive amount', () => {
    expect(linesTotal([])).toBeNull();
    for (const amount of ['', '0', '-1', '1.001', 'abc', '1e3'])
      expect(linesTotal([{ item: '检测费', amount }])).toBeNull();
    expect(lineProblems({ item: ' ', amount: '0.00' })).toEqual({ item: 'required', amount: 'amount' });
    expect(lineProblems({ item: '检测费', amount: '0.01' })).toEqual({});
  });
});

describe('the voucher form rules', () => {
  const ok = { amount: '599.50', payDate: '2026-11-20', payerName: '甲公司', hasFile: true };
  it('takes an amount up to the remainder', () => {
    expect(voucherProblems(ok, '599.50')).toEqual({});
    expect(voucherProblems({ ...ok, amount: '599.51' }, '599.50')).toEqual({ amount: 'overRemainder' });
    expect(voucherProblems({ ...ok, amount: '0' }, '599.50')).toEqual({ amount: 'amount' });
    expect(voucherProblems({ amount: '', payDate: '', payerName: ' ', hasFile: false }, '1.00')).toEqual({
      amount: 'required',
      payDate: 'required',
      payerName: 'required',
      hasFile: 'file',
    });
  });
});
