import { zhText } from '../../core/refusal-keys';

/** The spec's upload allowlist (000 §5) and what each extension's content must start with. */

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP = [0x50, 0x4b, 0x03, 0x04];

interface FileKind {
  contentType: string;
  magic: (head: Buffer) => boolean;
  /** Safe to show inline in the browser (images and PDF only). */
  inline: boolean;
}

const startsWith = (bytes: number[]) => (head: Buffer) =>
  head.length >= bytes.length && bytes.every((b, i) => head[i] === b);

const gif = (head: Buffer) =>
  head.length >= 6 &&
  head
    .subarray(0, 6)
    .toString('latin1')
    .match(/^GIF8[79]a$/) !== null;

export const KINDS: Record<string, FileKind> = {
  png: {
    contentType: 'image/png',
    magic: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    inline: true,
  },
  jpg: { contentType: 'image/jpeg', magic: startsWith([0xff, 0xd8, 0xff]), inline: true },
  jpeg: { contentType: 'image/jpeg', magic: startsWith([0xff, 0xd8, 0xff]), inline: true },
  gif: { contentType: 'image/gif', magic: gif, inline: true },
  bmp: { contentType: 'image/bmp', magic: startsWith([0x42, 0x4d]), inline: true },
  doc: { contentType: 'application/msword', magic: startsWith(OLE2), inline: false },
  xls: { contentType: 'application/vnd.ms-excel', magic: startsWith(OLE2), inline: false },
  ppt: { contentType: 'application/vnd.ms-powerpoint', magic: startsWith(OLE2), inline: false },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    magic: startsWith(ZIP),
    inline: false,
  },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    magic: startsWith(ZIP),
    inline: false,
  },
  pptx: {
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    magic: startsWith(ZIP),
    inline: false,
  },
};

/** Files the server makes itself (stamped copies, previews) may also be PDF; uploads may not. */
export const PDF: FileKind = {
  contentType: 'application/pdf',
  magic: startsWith([0x25, 0x50, 0x44, 0x46]),
  inline: true,
};

export const ALLOWED_EXTENSIONS = Object.keys(KINDS);

/** Bytes needed to decide every magic number above. */
export const MAGIC_BYTES = 8;

export const MSG_BAD_EXTENSION = zhText('common.refusal.fileExtension', {
  extensions: ALLOWED_EXTENSIONS.join(', '),
});
export const MSG_BAD_CONTENT = '文件内容与扩展名不符';

/** The exact, lower-cased final extension of a name, or '' (so `a.png.exe` is `exe`, `.png` alone is ''). */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  if (dot <= 0 || dot === base.length - 1) return '';
  return base.slice(dot + 1).toLowerCase();
}

export function kindOf(suffix: string): FileKind | undefined {
  if (suffix === 'pdf') return PDF;
  return Object.hasOwn(KINDS, suffix) ? KINDS[suffix] : undefined;
}

/** 文件大小不超过{n}M (000 §5). */
export const sizeMessage = (mb: number) => zhText('common.refusal.fileTooBig', { max: mb });
