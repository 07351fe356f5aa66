/**
 * Unicode bidi controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069) and the marks (U+200E,
 * U+200F, U+061C). In a name they only serve to make it read as something else: `invoice\u202Egnp.exe` shows as
 * `invoiceexe.png` in every list, dialog and download that displays it.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;

/** A name as stored (file names, catalogue node names): NFC, without bidi controls. Checks and limits run after. */
export function storedName(name: string): string {
  return name.normalize('NFC').replace(BIDI_CONTROLS, '');
}

/** For `z.preprocess`: a submitted name is cleaned before its schema trims and measures it. */
export const storedNameInput = (value: unknown): unknown =>
  typeof value === 'string' ? storedName(value) : value;
