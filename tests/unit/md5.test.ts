import { createHash } from 'node:crypto';
import { md5Hex } from '@/lib/client/md5';

describe('md5Hex', () => {
  it.each([
    '',
    'admin',
    '123456',
    '管理员密码',
    'a'.repeat(55),
    'b'.repeat(56),
    'c'.repeat(64),
    'd'.repeat(1000),
  ])('matches node crypto (case %#)', (input) => {
    expect(md5Hex(input)).toBe(createHash('md5').update(input, 'utf8').digest('hex'));
  });

  it('gives the known digest of admin', () => {
    expect(md5Hex('admin')).toBe('21232f297a57a5a743894a0e4a801fc3');
  });
});
