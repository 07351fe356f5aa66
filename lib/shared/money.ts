/**
 * Amounts as the spec shows them (000 §5): rounded to two decimals with thousands separators, and in Chinese capital
 * numerals where an amount is written in words. Exact on decimal text: no floating point between the database's
 * numeric and the screen.
 */

const DECIMAL = /^([-+]?)(\d+)(?:\.(\d+))?$/;

/**
 * `1234567.891` → `1,234,567.89` (half away from zero). Nothing for an absent value (undefined), `--` for null, and
 * nothing for what is not a number (the spec's helper answers `false`, which a screen must not print).
 */
export function formatMoney(value: string | number | null | undefined): string {
  if (value === undefined) return '';
  if (value === null) return '--';
  const match = DECIMAL.exec(typeof value === 'number' ? String(value) : value.trim());
  if (!match) return '';
  const [, sign, whole, fraction = ''] = match;
  // Cents as one integer, rounded on the third decimal.
  let cents = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0'));
  if (Number(fraction[2] ?? '0') >= 5) cents += 1n;
  const digits = cents.toString().padStart(3, '0');
  const grouped = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const negative = sign === '-' && cents !== 0n;
  return `${negative ? '-' : ''}${grouped}.${digits.slice(-2)}`;
}

const NUMERALS = '零壹贰叁肆伍陆柒捌玖';
const PLACES = ['仟', '佰', '拾', ''];
const FRACTION_UNITS = ['角', '分', '厘', '毫'];

/** 1–9999 in capitals, zeros inside folded to one 零 and trailing zeros dropped (1010 → 壹仟零壹拾). */
function fourDigits(n: bigint): string {
  let text = '';
  let zero = false;
  for (const [i, ch] of [...n.toString().padStart(4, '0')].entries()) {
    if (ch === '0') zero = text !== '';
    else {
      text += `${zero ? '零' : ''}${NUMERALS[Number(ch)]}${PLACES[i]}`;
      zero = false;
    }
  }
  return text;
}

/** Below 1e8: 万 groups, with 零 where the lower group has a leading zero (100010 → 壹拾万零壹拾). */
function belowYi(n: bigint): string {
  const [wan, rest] = [n / 10_000n, n % 10_000n];
  const high = wan > 0n ? `${fourDigits(wan)}万` : '';
  return high + (rest > 0n ? `${high && rest < 1000n ? '零' : ''}${fourDigits(rest)}` : '');
}

/**
 * `1234.5` → `壹仟贰佰叁拾肆元伍角`; `100000001` → `壹亿零壹元整`; `0.05` → `伍分`; negative amounts start with 负.
 * 整 closes an amount without fractions. Below 1e15, at most four decimals (角, 分, 厘, 毫), as the spec's helper;
 * anything else is a RangeError, since a document must not print a wrong amount in words.
 */
export function chineseCapital(value: string | number): string {
  const match = DECIMAL.exec(typeof value === 'number' ? String(value) : value.trim());
  if (!match || (match[3] ?? '').length > 4 || match[2].replace(/^0+/, '').length > 15)
    throw new RangeError(`not an amount below 1e15 with at most four decimals: ${value}`);
  const [, sign, whole, fraction = ''] = match;
  const n = BigInt(whole);
  const [yi, rest] = [n / 100_000_000n, n % 100_000_000n];
  const integer =
    (yi > 0n ? `${belowYi(yi)}亿` : '') +
    (rest > 0n ? `${yi > 0n && rest < 10_000_000n ? '零' : ''}${belowYi(rest)}` : '');
  let decimals = '';
  let zero = false;
  for (const [i, ch] of [...fraction].entries()) {
    if (ch === '0') zero = integer !== '' || decimals !== '';
    else {
      decimals += `${zero ? '零' : ''}${NUMERALS[Number(ch)]}${FRACTION_UNITS[i]}`;
      zero = false;
    }
  }
  const words = decimals ? `${integer ? `${integer}元` : ''}${decimals}` : `${integer || '零'}元整`;
  return `${sign === '-' && (integer || decimals) ? '负' : ''}${words}`;
}
