'use client';

import useSWR from 'swr';
import { withBasePath } from '@/lib/client/navigation';
import { avatarSource } from './layout-model';

const FILE_ID = /^[0-9a-zA-Z]{32}$/;

/**
 * The image URL of an avatar value (spec 000 §5): a 32-character value is a file id, shown through the file service
 * (a short-lived view key from getFileAuthKey, then downloadById inline); anything else is a URL as is; none is the
 * default logo.
 */
export function useAvatarSrc(avatar: string | undefined | null): string {
  const fileId = avatar && avatar.length === 32 && FILE_ID.test(avatar) ? avatar : null;
  const { data } = useSWR<{ authKey: string }>(
    fileId ? ['/api/blade-resource/file/getFileAuthKey', { fileId }] : null,
    { revalidateOnFocus: false },
  );
  if (!fileId) return avatarSource(avatar);
  if (!data) return withBasePath('/logo.svg');
  const q = new URLSearchParams({ id: fileId, isDownload: '0', authKey: data.authKey });
  return withBasePath(`/api/blade-resource/file/downloadById?${q}`);
}
