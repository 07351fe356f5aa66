import {
  creditCodeCheckChar,
  creditCodeProblem,
  insertUserSchema,
  maskEmail,
  maskPhone,
  type Translate,
} from './registration';

const keys: Translate = (key) => key;

describe('unified social credit code (GB 32100-2015)', () => {
  it('accepts codes whose check character matches', () => {
    for (const code of ['91350100M000100Y43', '91110108551385082Q'])
      expect(creditCodeProblem(code)).toBeNull();
  });

  it('tells a wrong check character from a wrong shape', () => {
    expect(creditCodeProblem('91350100M000100Y44')).toBe('creditCodeCheckDigit');
    expect(creditCodeProblem('91350100M000100Y4')).toBe('creditCodeInvalid');
    expect(creditCodeProblem('9135010OM000100Y43')).toBe('creditCodeInvalid');
    expect(creditCodeProblem('913501AAM000100Y43')).toBe('creditCodeInvalid');
  });

  it('computes a check character that may be 0 or a letter', () => {
    const first = '91410100000000001';
    expect(creditCodeProblem(first + creditCodeCheckChar(first))).toBeNull();
  });

  it('reads lower case as upper case in the schema', () => {
    const parsed = insertUserSchema(keys).shape.creditCode.safeParse('91350100m000100y43');
    expect(parsed).toEqual({ success: true, data: '91350100M000100Y43' });
  });
});

describe('masks', () => {
  it('never shows the whole phone or e-mail', () => {
    expect(maskPhone('13912345678')).toBe('139****5678');
    expect(maskEmail('alice@example.com')).toBe('a***@example.com');
    expect(maskPhone('')).toBe('');
    expect(maskEmail('')).toBe('');
  });
});
