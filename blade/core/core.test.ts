import { z } from 'zod';
import { captchaImage, randomAnswer } from '../modules/auth/captcha-image';
import { hostOf } from '../modules/system/tenant/tenant-domain';
import { formatDateTime } from './dates';
import { ValidationError, zodMessage } from './errors';
import { nextId } from './ids';
import { contains, pageRequest, sortOrders, toPage } from './page';
import { pageQuerySchema, blank, idSchema } from '../../lib/contracts/inputs';
import { buildTree } from './tree';

describe('paging', () => {
  it.each([
    [{}, { current: 1, size: 10, offset: 0 }],
    [
      { current: 0, size: 0 },
      { current: 1, size: 1, offset: 0 },
    ],
    [
      { current: -3, size: -5 },
      { current: 1, size: 1, offset: 0 },
    ],
    [
      { current: 3, size: 100000 },
      { current: 3, size: 500, offset: 1000 },
    ],
  ])('clamps %j', (query, expected) => {
    expect(pageRequest(query)).toEqual(expected);
  });

  it('computes pages', () => {
    expect(toPage([1], 21, pageRequest({ size: 10 }))).toEqual({
      records: [1],
      total: 21,
      size: 10,
      current: 1,
      pages: 3,
    });
  });

  it('refuses non-integers with the field name', () => {
    const r = pageQuerySchema.safeParse({ size: '10; drop table x' });
    expect(r.success).toBe(false);
    expect(zodMessage(r.error!)).toBe('size:必须为整数');
    expect(pageQuerySchema.parse({ size: '', current: '2' })).toMatchObject({ size: null, current: 2 });
  });

  it('maps sort keys through the allowlist, camelCase or snake_case', () => {
    expect(sortOrders(['param_key', 'create_time'], { ascs: 'paramKey', descs: 'create_time' })).toEqual([
      { column: 'param_key', direction: 'asc' },
      { column: 'create_time', direction: 'desc' },
    ]);
    expect(() => sortOrders(['param_key'], { ascs: 'password' })).toThrow(ValidationError);
    expect(() => sortOrders(['param_key'], { descs: 'param_key;drop table blade_user' })).toThrow(/descs:/);
  });

  it('escapes LIKE wildcards', () => {
    expect(contains('a%b_c\\')).toBe('%a\\%b\\_c\\\\%');
  });
});

describe('validation helpers', () => {
  it('treats "" as absent for non-string fields', () => {
    const schema = z.object({ sort: blank(z.number()), id: blank(idSchema) });
    expect(schema.parse({ sort: '', id: '', extra: 'ignored' })).toEqual({ sort: null, id: null });
    expect(schema.parse({})).toEqual({});
  });

  it('accepts ids as strings or numbers and refuses junk', () => {
    expect(idSchema.parse(123)).toBe('123');
    expect(idSchema.parse('2124042154237845504')).toBe('2124042154237845504');
    expect(idSchema.safeParse('1 or 1=1').success).toBe(false);
  });
});

describe('misc', () => {
  it('formats dates as yyyy-MM-dd HH:mm:ss', () => {
    expect(formatDateTime(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
    expect(formatDateTime(null)).toBe('');
  });

  it('issues increasing unique 64-bit ids as strings', () => {
    const ids = Array.from({ length: 5000 }, nextId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.every((id) => /^\d{18,19}$/.test(id))).toBe(true);
    expect(BigInt(ids[ids.length - 1]) > BigInt(ids[0])).toBe(true);
  });

  it('builds trees, orphans becoming roots and empty children omitted', () => {
    const tree = buildTree([
      { id: '1', parentId: '0' },
      { id: '2', parentId: '1' },
      { id: '3', parentId: '99' },
    ]);
    expect(tree).toEqual([
      { id: '1', parentId: '0', children: [{ id: '2', parentId: '1' }] },
      { id: '3', parentId: '99' },
    ]);
  });

  it('draws captchas as paths without the answer in the markup', () => {
    for (let i = 0; i < 20; i++) {
      const answer = randomAnswer(5);
      const url = captchaImage(answer);
      expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
      const svg = Buffer.from(url.slice('data:image/svg+xml;base64,'.length), 'base64').toString();
      expect(svg).not.toMatch(/<text/i);
      expect(svg).not.toContain(answer);
      expect(svg.match(/<g /g)).toHaveLength(5);
    }
  });

  it.each([
    ['https://B.Example.com:8443/#/login', 'b.example.com:8443'],
    ['b.example.com', 'b.example.com'],
    ['http://b.example.com:80/x', 'b.example.com'],
    ['', undefined],
    ['http://', undefined],
  ])('takes the host of %s', (value, host) => {
    expect(hostOf(value)).toBe(host);
  });
});
