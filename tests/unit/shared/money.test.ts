import { chineseCapital, formatMoney } from '@/lib/shared/money';

describe('formatMoney', () => {
  it('rounds to two decimals, half away from zero, with thousands separators', () => {
    expect(formatMoney('1234567.891')).toBe('1,234,567.89');
    expect(formatMoney('1234567.895')).toBe('1,234,567.90');
    expect(formatMoney('-0.005')).toBe('-0.01');
    expect(formatMoney('-0.004')).toBe('0.00');
    expect(formatMoney(1000)).toBe('1,000.00');
    expect(formatMoney('999.999')).toBe('1,000.00');
    expect(formatMoney('12345678901234567.5')).toBe('12,345,678,901,234,567.50');
  });
  it('shows nothing for an absent value, -- for null and nothing for what is not a number', () => {
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney(null)).toBe('--');
    expect(formatMoney('abc')).toBe('');
    expect(formatMoney('1e5')).toBe('');
  });
});

describe('chineseCapital', () => {
  it.each([
    ['0', '零元整'],
    ['1', '壹元整'],
    ['10', '壹拾元整'],
    ['1010', '壹仟零壹拾元整'],
    ['100010', '壹拾万零壹拾元整'],
    ['100000001', '壹亿零壹元整'],
    ['1000000000000', '壹万亿元整'],
    ['123456789012.34', '壹仟贰佰叁拾肆亿伍仟陆佰柒拾捌万玖仟零壹拾贰元叁角肆分'],
    ['999999999999999.9999', '玖佰玖拾玖万玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分玖厘玖毫'],
    ['1234.5', '壹仟贰佰叁拾肆元伍角'],
    ['1.05', '壹元零伍分'],
    ['0.05', '伍分'],
    ['20000.50', '贰万元伍角'],
    ['-3.20', '负叁元贰角'],
    ['-0.00', '零元整'],
  ])('%s → %s', (amount, words) => {
    expect(chineseCapital(amount)).toBe(words);
  });
  it('refuses what it cannot write exactly: 1e15 and more, five decimals, not a number', () => {
    expect(() => chineseCapital('1000000000000000')).toThrow(RangeError);
    expect(() => chineseCapital('1.00001')).toThrow(RangeError);
    expect(() => chineseCapital('1,000')).toThrow(RangeError);
  });
});
