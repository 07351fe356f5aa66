/**
 * WCAG 2 contrast for the theme's colours. Brand colours such as #409EFF are too light to carry text (white on
 * #409EFF is below 3:1, AA needs 4.5:1), so the palette keeps the brand for accents and derives, per theme, the
 * nearest darker shade that reaches AA against the surfaces it is drawn on.
 */

const HEX = /^#([0-9a-f]{6}|[0-9a-f]{3})$/i;

function channels(hex: string): [number, number, number] {
  const m = HEX.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  const digits = m[1].length === 3 ? [...m[1]].map((d) => d + d).join('') : m[1];
  const n = parseInt(digits, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex(rgb: [number, number, number]): string {
  return `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** Relative luminance (WCAG 2.x definition). */
export function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** AA for normal text. */
export const AA_TEXT = 4.5;

/**
 * The colour itself when it already reaches `ratio` against every surface, else the lightest mix of it with black
 * that does (1 % steps, so the hue stays recognisably the brand's). Only #rgb/#rrggbb colours; others are returned as given.
 */
export function textShade(colour: string, surfaces: string[], ratio = AA_TEXT): string {
  if (!HEX.test(colour)) return colour;
  const rgb = channels(colour);
  for (let dark = 0; dark <= 100; dark++) {
    const shade = toHex(rgb.map((c) => (c * (100 - dark)) / 100) as [number, number, number]);
    if (surfaces.every((s) => !HEX.test(s) || contrastRatio(shade, s) >= ratio)) return shade;
  }
  return '#000000';
}
