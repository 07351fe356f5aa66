import { deriveStatus, expiryInstant } from '@/lib/contracts/equipment/status';

// The colour rule on its own (README "Status"): the current certificate is the latest calibration.

const cert = (id: string, calibrationDate: string, validTo: string, result = '合格') => ({
  id,
  calibrationDate,
  validTo,
  result,
});

describe('deriveStatus', () => {
  const today = '2026-11-27';
  it('is red without a certificate, past valid-to, failed or out of service', () => {
    expect(deriveStatus([], false, today)).toMatchObject({ color: 'red', reason: 'noCertificate' });
    expect(deriveStatus([cert('1', '2025-11-01', '2026-11-26')], false, today)).toMatchObject({
      color: 'red',
      reason: 'expired',
    });
    expect(
      deriveStatus(
        [cert('1', '2026-01-01', '2027-01-01'), cert('2', '2026-11-01', '2027-11-01', '不合格')],
        false,
        today,
      ),
    ).toMatchObject({ color: 'red', reason: 'failed' });
    expect(deriveStatus([cert('1', '2026-01-01', '2027-06-01')], true, today)).toMatchObject({
      color: 'red',
      reason: 'outOfService',
    });
  });

  it('is yellow for 准用 and flags 30 days ahead, valid through the last day', () => {
    expect(deriveStatus([cert('1', '2026-01-01', '2027-06-01', '准用')], false, today)).toMatchObject({
      color: 'yellow',
      dueSoon: false,
    });
    expect(deriveStatus([cert('1', '2026-01-01', '2026-12-27')], false, today)).toMatchObject({
      color: 'green',
      dueSoon: true,
    });
    expect(deriveStatus([cert('1', '2026-01-01', '2026-12-28')], false, today).dueSoon).toBe(false);
    expect(deriveStatus([cert('1', '2026-01-01', today)], false, today)).toMatchObject({ color: 'green' });
  });

  it('ends a certificate at the start of the day after its valid-to', () => {
    const end = expiryInstant('2026-12-31');
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours()]).toEqual([2027, 0, 1, 0]);
  });
});
