import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';

export interface StampedCopy {
  bytes: Buffer;
  suffix: string;
  contentType: string;
}

/**
 * A signing service: given a document and the tenant's seal image, returns a stamped copy (the original is never
 * changed). The built-in one places the seal image; a real e-seal / OFD service implements the same interface.
 */
export interface Signer {
  readonly name: string;
  supports(suffix: string): boolean;
  stamp(input: Buffer, suffix: string, seal: Buffer): Promise<StampedCopy>;
}

const IMAGE_OUT: Record<string, 'png' | 'jpeg'> = { png: 'png', jpg: 'jpeg', jpeg: 'jpeg', gif: 'png' };

/** Seal at the lower right: a quarter of the page (or image) width, with a margin. */
export class BuiltinSigner implements Signer {
  readonly name = 'builtin';

  supports(suffix: string): boolean {
    return suffix === 'pdf' || Object.hasOwn(IMAGE_OUT, suffix);
  }

  async stamp(input: Buffer, suffix: string, seal: Buffer): Promise<StampedCopy> {
    if (suffix === 'pdf') return this.#stampPdf(input, seal);
    const out = IMAGE_OUT[suffix];
    if (!out) throw new Error(`unsupported: ${suffix}`);
    const image = sharp(input, { animated: false });
    const { width = 0, height = 0 } = await image.metadata();
    const size = Math.max(32, Math.round(Math.min(width, height) / 4));
    const mark = await sharp(seal)
      .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
      .png()
      .toBuffer();
    const margin = Math.round(size / 8);
    const bytes = await image
      .composite([
        { input: mark, left: Math.max(0, width - size - margin), top: Math.max(0, height - size - margin) },
      ])
      [out]()
      .toBuffer();
    return { bytes, suffix: out === 'jpeg' ? 'jpg' : 'png', contentType: `image/${out}` };
  }

  async #stampPdf(input: Buffer, seal: Buffer): Promise<StampedCopy> {
    const doc = await PDFDocument.load(input, { updateMetadata: false });
    const png = await doc.embedPng(await sharp(seal).png().toBuffer());
    for (const page of doc.getPages()) {
      const { width, height } = page.getSize();
      const size = Math.min(width, height) / 4;
      page.drawImage(png, { x: width - size - 24, y: 24, width: size, height: size, opacity: 0.85 });
    }
    return { bytes: Buffer.from(await doc.save()), suffix: 'pdf', contentType: 'application/pdf' };
  }
}
