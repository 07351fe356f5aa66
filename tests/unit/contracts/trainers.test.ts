import { checkTrainer, genderOfIdCard, isValidIdCard } from '@/lib/contracts/application/trainers';

describe('GB 11643 identity numbers', () => {
  it("accepts the standard's example and numbers whose check character matches", () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true);
    expect(isValidIdCard('110101199003070011')).toBe(true);
    expect(genderOfIdCard('11010519491231002X')).toBe('F');
    expect(genderOfIdCard('110101199003070011')).toBe('M');
  });

  it('refuses a wrong check character, a wrong length, letters and impossible or future birth dates', () => {
    expect(isValidIdCard('110101199003070012')).toBe(false);
    expect(isValidIdCard('11010119900307001')).toBe(false);
    expect(isValidIdCard('1101011990030700111')).toBe(false);
    expect(isValidIdCard('11010119900307001x')).toBe(false);
    expect(isValidIdCard('110101199002300014')).toBe(false);
    expect(isValidIdCard('110101199003070011', new Date(Date.UTC(1990, 0, 1)))).toBe(false);
  });
});

describe('checkTrainer', () => {
  const base = { name: '张三', idCardNo: '110101199003070011', units: 'Ex001, Ex000,Ex001' };

  it('normalises units to the catalogue order without repeats and takes the gender from the id card', () => {
    const checked = checkTrainer(base);
    expect(checked).toEqual({
      ok: true,
      values: expect.objectContaining({ units: ['Ex000', 'Ex001'], gender: 'M', experienceYears: 0 }),
    });
  });

  it('names the field and the message key of the first problem', () => {
    expect(checkTrainer({ ...base, name: '' })).toMatchObject({
      ok: false,
      problem: { field: 'name', key: 'trainers.rules.nameRequired' },
    });
    expect(checkTrainer({ ...base, units: 'Ex 012' })).toMatchObject({
      problem: { field: 'units', key: 'trainers.rules.unitUnknown', values: { unit: 'Ex012' } },
    });
    expect(checkTrainer({ ...base, experienceYears: '61' })).toMatchObject({
      problem: { field: 'experienceYears' },
    });
    expect(checkTrainer({ ...base, phone: '12345' })).toMatchObject({ problem: { field: 'phone' } });
  });
});
