import zh from '@/messages/zh.json';
import en from '@/messages/en.json';
import {
  defineResource,
  fieldSchema,
  formSchema,
  messageText,
  standardCalls,
  menuAccess,
} from '@/lib/contracts/resource';

const zhText = (key: string) => messageText(zh, key);
const enText = (key: string) => messageText(en, key);

const payment = defineResource({
  key: 'demo.payment',
  table: 'demo_payment',
  ownership: 'tenant',
  fields: {
    amount: { kind: 'money', required: 'demo.payment.amountRequired' },
    received: { kind: 'money', nonNegative: true },
    paidOn: { kind: 'date' },
  },
  calls: standardCalls('/blade-demo/payment'),
  access: menuAccess('payment'),
});

const parse = (name: keyof typeof payment.fields, value: unknown, text = zhText) =>
  fieldSchema(payment.fields[name], text).safeParse(value);
const refusal = (result: ReturnType<typeof parse>) =>
  result.success ? undefined : result.error.issues[0].message;

describe('money fields', () => {
  it('take a decimal text or number with at most two decimals and answer it canonical', () => {
    expect(parse('amount', '1234.5').data).toBe('1234.50');
    expect(parse('amount', ' -0012.30 ').data).toBe('-12.30');
    expect(parse('amount', '-0').data).toBe('0.00');
    expect(parse('amount', 15).data).toBe('15.00');
    expect(parse('received', '+7.1').data).toBe('7.10');
    expect(parse('amount', '9999999999999999.99').data).toBe('9999999999999999.99');
  });

  it("refuse three decimals, words and floats with the spec's exact texts", () => {
    expect(refusal(parse('amount', '1.234'))).toBe('必须为数字（最多两位小数）');
    expect(refusal(parse('amount', '1,000'))).toBe('必须为数字（最多两位小数）');
    expect(refusal(parse('amount', 0.1 + 0.2))).toBe('必须为数字（最多两位小数）');
    expect(refusal(parse('received', '-1'))).toBe('必须为非负数（最多两位小数）');
    expect(refusal(parse('received', '1.001'))).toBe('必须为非负数（最多两位小数）');
    expect(refusal(parse('amount', '12345678901234567'))).toBe('金额超出范围（整数部分最多16位）');
    expect(refusal(parse('received', '-1', enText))).toBe(
      'Must be a non-negative number (at most two decimals)',
    );
  });

  it('a blank required amount gets its own message in the form', () => {
    const form = formSchema(payment, zhText).safeParse({ amount: '', received: '', paidOn: '' });
    expect(form.success ? undefined : form.error.issues[0]).toMatchObject({
      path: ['amount'],
      message: 'demo.payment.amountRequired',
    });
  });

  it('is declared on money fields only', () => {
    expect(() =>
      defineResource({
        key: 'demo.bad',
        table: 'demo_bad',
        ownership: 'tenant',
        fields: { count: { kind: 'int', nonNegative: true } },
        calls: standardCalls('/blade-demo/bad'),
        access: menuAccess('bad'),
      }),
    ).toThrow('only a money field is non-negative');
  });
});

describe('date fields', () => {
  it('take a calendar day that exists', () => {
    expect(parse('paidOn', '2026-11-25').data).toBe('2026-11-25');
    expect(parse('paidOn', '2028-02-29').data).toBe('2028-02-29');
    for (const bad of ['2026-02-30', '2026-13-01', '2026-1-5', '2026-11-25 10:00', 20261125])
      expect(refusal(parse('paidOn', bad))).toBe('必须为日期（yyyy-MM-dd）');
  });
});

describe('flag and integer fields', () => {
  const flag = fieldSchema({ column: 'is_default', kind: 'flag', label: 'x' }, zhText);
  const int = fieldSchema({ column: 'sort', kind: 'int', label: 'x' }, zhText);

  it('take a checkbox’s JSON boolean as a flag, and 0 or 1 as number or text', () => {
    expect([true, false, 1, 0, '1', '0'].map((v) => flag.safeParse(v).data)).toEqual([1, 0, 1, 0, 1, 0]);
    expect(flag.safeParse(2).success).toBe(false);
  });

  it('refuse a boolean where a number is meant', () => {
    expect(int.safeParse(true).success).toBe(false);
    expect(int.safeParse('12').data).toBe(12);
  });
});

describe('company-owned definitions', () => {
  it('belong to a tenant: customer companies are a tenant’s', () => {
    expect(() =>
      defineResource({
        key: 'demo.global',
        table: 'demo_global',
        ownership: 'global',
        company: { column: 'company_id' },
        fields: { name: { kind: 'text', max: 10 } },
        calls: standardCalls('/blade-demo/global'),
        access: menuAccess('global'),
      }),
    ).toThrow('customer companies are a tenant');
  });
});
