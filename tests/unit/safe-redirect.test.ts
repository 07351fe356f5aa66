import { safeRedirectPath } from '@/lib/shared/safe-redirect';

describe('safeRedirectPath', () => {
  it.each([
    ['/wel/index', '/wel/index'],
    ['/system/user?x=1#a', '/system/user?x=1#a'],
  ])('keeps same-origin path %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    '/\u0000x',
    'wel',
    '',
    null,
  ])('refuses %p', (input) => {
    expect(safeRedirectPath(input as string, '/')).toBe('/');
  });
});
