import { normaliseExMarking, parseExMarking } from '@/lib/contracts/application/ex-marking';

const problem = (marking: string) => {
  const result = parseExMarking(marking);
  return result.ok ? null : result.problem;
};

describe('parseExMarking', () => {
  it('reads gas, dust and mining markings into their parts', () => {
    expect(parseExMarking('Ex db eb IIC T4 Gb')).toEqual({
      ok: true,
      value: {
        marking: 'Ex db eb IIC T4 Gb',
        protectionTypes: [
          { type: 'db', level: 'b' },
          { type: 'eb', level: 'b' },
        ],
        group: 'IIC',
        environment: 'gas',
        tClass: 'T4',
        epl: 'Gb',
      },
    });
    expect(parseExMarking('Ex tb IIIC T80°C Db')).toMatchObject({
      ok: true,
      value: { group: 'IIIC', environment: 'dust', maxSurfaceTemp: 80, epl: 'Db' },
    });
    expect(parseExMarking('Ex d I Mb')).toMatchObject({
      ok: true,
      value: { environment: 'mining', epl: 'Mb' },
    });
    expect(parseExMarking('Ex ia IIC T6 Ga')).toMatchObject({ ok: true });
    expect(parseExMarking('Ex nA IIB T3 Gc')).toMatchObject({ ok: true });
    expect(parseExMarking('Ex pxb IIIB T135°C Db')).toMatchObject({ ok: true });
    expect(parseExMarking('Ex ma IIC T4 Ga')).toMatchObject({ ok: true });
  });

  it('writes the marking one way: single spaces and °C', () => {
    expect(normaliseExMarking('  Ex  tb IIIC   T80 ℃ Db ')).toBe('Ex tb IIIC T80°C Db');
    expect(parseExMarking('Ex tb IIIC T80℃ Db')).toMatchObject({
      ok: true,
      value: { marking: 'Ex tb IIIC T80°C Db' },
    });
  });

  it('names the marking and the part that is wrong', () => {
    expect(problem('')).toMatchObject({ key: 'empty' });
    expect(problem('EX d IIB T4 Gb')).toMatchObject({ key: 'prefix', values: { value: 'EX' } });
    expect(problem('Ex IIB T4 Gb')).toMatchObject({ key: 'typeMissing', values: { value: 'IIB' } });
    expect(problem('Ex d k IIB T4 Gb')).toMatchObject({
      key: 'typeUnknown',
      values: { marking: 'Ex d k IIB T4 Gb', value: 'k' },
    });
    expect(problem('Ex d IID T4 Gb')).toMatchObject({ key: 'groupUnknown', values: { value: 'IID' } });
    expect(problem('Ex d')).toMatchObject({ key: 'groupMissing' });
    expect(problem('Ex d IIB Gb')).toMatchObject({ key: 'tempMissing', values: { group: 'IIB' } });
    expect(problem('Ex d IIB T7 Gb')).toMatchObject({ key: 'tempGas', values: { value: 'T7' } });
    expect(problem('Ex d IIB T4')).toMatchObject({ key: 'eplMissing' });
    expect(problem('Ex d IIB T4 Gx')).toMatchObject({ key: 'eplUnknown', values: { value: 'Gx' } });
    expect(problem('Ex d IIB T4 Gb X')).toMatchObject({ key: 'extra', values: { value: 'X' } });
  });

  it('keeps dust with t, surface temperatures and D-EPLs, gas with T-classes and G-EPLs, mines with M-EPLs', () => {
    expect(problem('Ex tb IIIC T4 Db')).toMatchObject({
      key: 'tempDust',
      values: { value: 'T4', group: 'IIIC' },
    });
    expect(problem('Ex db IIB T80°C Gb')).toMatchObject({ key: 'tempGas', values: { value: 'T80°C' } });
    expect(problem('Ex tb IIIC T80°C Gb')).toMatchObject({
      key: 'eplGroup',
      values: { value: 'Gb', group: 'IIIC' },
    });
    expect(problem('Ex db IIB T4 Db')).toMatchObject({ key: 'eplGroup', values: { value: 'Db' } });
    expect(problem('Ex d I Gb')).toMatchObject({ key: 'eplGroup', values: { group: 'I' } });
    expect(problem('Ex tb IIC T4 Gb')).toMatchObject({
      key: 'typeGroup',
      values: { value: 'tb', group: 'IIC' },
    });
    expect(problem('Ex d IIIC T80°C Db')).toMatchObject({ key: 'typeGroup', values: { value: 'd' } });
  });

  it('refuses an EPL above what the weakest type of protection gives', () => {
    expect(problem('Ex ic IIC T4 Ga')).toMatchObject({ key: 'eplLevel', values: { value: 'Ga/ic' } });
    expect(problem('Ex ia eb IIC T4 Ga')).toMatchObject({ key: 'eplLevel', values: { value: 'Ga/eb' } });
    expect(problem('Ex ia eb IIC T4 Gb')).toBeNull();
  });
});
