import useSWR from 'swr';
import { bladeRequest } from '@/lib/client/fetcher';

export interface MessageItem {
  id: string;
  category: 1 | 2 | 3;
  title: string;
  content: string;
  sender: string;
  isReaded: 0 | 1;
  createTime: string;
}

export interface NewMessages {
  unreadCount: number;
  unread: { mail: number; message: number; notice: number };
  records: MessageItem[];
}

export const NEW_MESSAGES_KEY = '/api/blade-customer/message/selectCurrentNewMessage';

/** The top bar's badge and popover: unread counts and the newest messages per category, refreshed every minute. */
export function useNewMessages() {
  return useSWR<NewMessages>(
    NEW_MESSAGES_KEY,
    async (path: string) => (await bladeRequest<NewMessages>(path, { method: 'POST', silent: true })).data,
    { refreshInterval: 60_000 },
  );
}

export async function markRead(ids: string[] | 'all'): Promise<void> {
  await bladeRequest('/api/blade-customer/message/updateIsReadedList', {
    method: 'POST',
    body: ids === 'all' ? { all: true } : { ids },
  });
}
