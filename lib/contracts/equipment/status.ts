import { localDay } from '../../shared/days';
import { DUE_SOON_DAYS, type StatusColor, type StatusReason } from './equipment';

export { localDay };

/** What the derivation reads of a certificate. */
export interface CertFacts {
  id: string;
  calibrationDate: string;
  validTo: string;
  result: string;
}

export interface DerivedStatus {
  color: StatusColor;
  reason: StatusReason;
  dueSoon: boolean;
  /** The current certificate's valid-to, or '' without one. */
  validTo: string;
}

/** Whole days from `from` to `to` (both `yyyy-MM-dd`), by the calendar, not by clocks. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The current certificate: the latest calibration (then the later valid-to, then the later id). A newer calibration
 * replaces an older one whatever its result: a failed recalibration withdraws the instrument even if the previous
 * certificate would still run.
 */
export function currentCert<C extends CertFacts>(certs: readonly C[]): C | undefined {
  return [...certs].sort(
    (a, b) =>
      b.calibrationDate.localeCompare(a.calibrationDate) ||
      b.validTo.localeCompare(a.validTo) ||
      (BigInt(b.id) > BigInt(a.id) ? 1 : -1),
  )[0];
}

/**
 * The three-colour label (DOMAIN §7, README "Status"), on `today` (`yyyy-MM-dd`, the server's day):
 * red — out of service, no certificate, the current one 不合格, or today past its valid-to (valid through that day);
 * yellow — the current one 准用 (limited ranges or functions); green otherwise. A usable instrument whose valid-to is
 * at most 30 days away is flagged `dueSoon`.
 */
export function deriveStatus(
  certs: readonly CertFacts[],
  outOfService: boolean,
  today: string,
): DerivedStatus {
  const cert = currentCert(certs);
  const validTo = cert?.validTo ?? '';
  const red = (reason: StatusReason): DerivedStatus => ({ color: 'red', reason, dueSoon: false, validTo });
  if (outOfService) return red('outOfService');
  if (!cert) return red('noCertificate');
  if (cert.result === '不合格') return red('failed');
  const left = daysBetween(today, cert.validTo);
  if (left < 0) return red('expired');
  const dueSoon = left <= DUE_SOON_DAYS;
  return cert.result === '准用'
    ? { color: 'yellow', reason: 'limited', dueSoon, validTo }
    : { color: 'green', reason: 'ok', dueSoon, validTo };
}

/** The first instant after a certificate's last valid day (valid-to is valid through its whole day, server time). */
export function expiryInstant(validTo: string): Date {
  const [y, m, d] = validTo.split('-').map(Number);
  return new Date(y, m - 1, d + 1, 0, 0, 0, 0);
}
