import { Readable } from 'node:stream';
import type { AuthUser, Deps } from '../../core/context';
import { ValidationError } from '../../core/errors';
import { storeStream } from '../files/file.service';

/** The id storeAvatar hands out (a file id, 32 hex characters: the spec tells it from a URL by that length). */
const FILE_ID = /^[0-9a-f]{32}$/i;

/**
 * Refuses an avatar value that is neither '' (none), a file id, nor an http(s) image URL on a host ops allow by name
 * (core/outbound.ts, the allowlist of a tenant's endpoints). Every screen loads the avatar with the
 * viewer's session, so a relative path (`/api/blade-…`), a `javascript:` or `data:` URL, or any other host would
 * have it make requests of the owner's choosing. Call it wherever an avatar is saved.
 */
export function assertAvatar(deps: Pick<Deps, 'outbound'>, value: string | null | undefined): void {
  if (!value || FILE_ID.test(value) || deps.outbound.allowsUrlByName(value)) return;
  throw new ValidationError('avatar', '头像格式不正确');
}

/** Spec 000 §5 / §9: jpg or png only, at most 500 kb. */
export const AVATAR_MAX_BYTES = 500 * 1024;

const SIGNATURES: Array<{ ext: 'png' | 'jpg'; bytes: number[] }> = [
  { ext: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { ext: 'jpg', bytes: [0xff, 0xd8, 0xff] },
];

/** The image type by its content, not by its name or the browser's claim. */
export function avatarType(head: Uint8Array): 'png' | 'jpg' | undefined {
  return SIGNATURES.find((s) => s.bytes.every((b, i) => head[i] === b))?.ext;
}

export interface AvatarFile {
  ext: 'png' | 'jpg';
  bytes: Uint8Array;
}

/** Refuses anything but a jpg/png of at most 500 kb whose name and content agree. */
export async function readAvatar(file: File): Promise<AvatarFile> {
  if (file.size > AVATAR_MAX_BYTES) throw new ValidationError('file', '上传头像图片大小不能超过 500KB!');
  const nameExt = file.name.toLowerCase().split('.').pop() ?? '';
  if (!['jpg', 'jpeg', 'png'].includes(nameExt))
    throw new ValidationError('file', '上传头像图片只能是 JPG/PNG 格式!');
  const bytes = new Uint8Array(await file.arrayBuffer());
  if (bytes.length > AVATAR_MAX_BYTES) throw new ValidationError('file', '上传头像图片大小不能超过 500KB!');
  const ext = avatarType(bytes);
  if (!ext || (ext === 'png') !== (nameExt === 'png'))
    throw new ValidationError('file', '上传头像图片只能是 JPG/PNG 格式!');
  return { ext, bytes };
}

/** Checks the image, then keeps it in the file service; the returned 32-character file id is the avatar value. */
export async function storeAvatar(deps: Deps, auth: AuthUser, file: File): Promise<string> {
  const avatar = await readAvatar(file);
  return storeStream(deps, auth, {
    stream: Readable.from([avatar.bytes]),
    originalName: `avatar.${avatar.ext}`,
    maxMb: AVATAR_MAX_BYTES / 1024 / 1024,
    extensions: ['jpg', 'jpeg', 'png'],
  });
}
