import { cookies } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { localeCookie, toLocale } from './config';

export default getRequestConfig(async () => {
  const locale = toLocale((await cookies()).get(localeCookie)?.value);
  const messages = (await import(`../../messages/${locale}.json`)).default;
  return { locale, messages, timeZone: 'Asia/Shanghai' };
});
