import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import zh from '@/messages/zh.json';
import { messageValues } from './message-args';

// A refusal that names a setting sends the setting's label as a key (`labelKey`); each language fills `{label}`
// with its own words, the way app-providers.tsx translates a refusal's errorCode.

const refusal = {
  errorCode: 'common.outbound.internal',
  errorArgs: { labelKey: 'common.outbound.label.mailServer' },
};

function say(messages: typeof zh, locale: string) {
  const t = createTranslator({ locale, messages });
  const key = refusal.errorCode as Parameters<typeof t>[0];
  return t(
    key,
    messageValues(refusal.errorArgs, (inner) => t(inner as Parameters<typeof t>[0])),
  );
}

it('fills a placeholder from the message its <name>Key value names, in each language', () => {
  expect(say(en as typeof zh, 'en')).toBe('The mail server must not point into the internal network');
  expect(say(zh, 'zh')).toBe('邮件服务器不能指向内部网络');
});

it('leaves plain values as they are and keeps the key value itself', () => {
  expect(messageValues({ max: 3, nameKey: 'a.b' }, (k) => `<${k}>`)).toEqual({
    max: 3,
    nameKey: 'a.b',
    name: '<a.b>',
  });
  expect(messageValues(undefined, (k) => k)).toBeUndefined();
});
