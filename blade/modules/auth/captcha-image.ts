import { randomInt } from 'node:crypto';
import { CAPTCHA_ALPHABET, GLYPHS } from './captcha-font';

const WIDTH = 130;
const HEIGHT = 48;

const rand = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const fmt = (n: number) => n.toFixed(1);
const colour = (min: number, max: number) =>
  `rgb(${randomInt(min, max)},${randomInt(min, max)},${randomInt(min, max)})`;

export function randomAnswer(length: number): string {
  let answer = '';
  for (let i = 0; i < length; i++) answer += CAPTCHA_ALPHABET[randomInt(0, CAPTCHA_ALPHABET.length)];
  return answer;
}

/** One glyph: jittered points joined by quadratic curves, then rotated, skewed and scaled as a whole. */
function glyph(char: string, cx: number, cy: number): string {
  const scale = rand(4.2, 5);
  const strokes = GLYPHS[char].map((stroke) => {
    const pts = stroke.map(([x, y]) => [(x - 2) * scale + rand(-1, 1), (y - 3) * scale + rand(-1, 1)]);
    let d = `M${fmt(pts[0][0])} ${fmt(pts[0][1])}`;
    for (let i = 1; i < pts.length; i++) {
      const [px, py] = pts[i - 1];
      const [x, y] = pts[i];
      d += ` Q${fmt((px + x) / 2 + rand(-1.5, 1.5))} ${fmt((py + y) / 2 + rand(-1.5, 1.5))} ${fmt(x)} ${fmt(y)}`;
    }
    return `<path d="${d}"/>`;
  });
  const transform = `translate(${fmt(cx)} ${fmt(cy)}) rotate(${fmt(rand(-25, 25))}) skewX(${fmt(rand(-12, 12))})`;
  return `<g transform="${transform}" stroke="${colour(20, 120)}" stroke-width="${fmt(rand(2, 3))}" fill="none" stroke-linecap="round" stroke-linejoin="round">${strokes.join('')}</g>`;
}

function noise(): string {
  const parts: string[] = [];
  for (let i = 0; i < 4; i++) {
    const d =
      `M${fmt(rand(0, 20))} ${fmt(rand(5, HEIGHT - 5))} ` +
      `C${fmt(rand(20, 60))} ${fmt(rand(0, HEIGHT))} ${fmt(rand(60, 110))} ${fmt(rand(0, HEIGHT))} ` +
      `${fmt(rand(110, WIDTH))} ${fmt(rand(5, HEIGHT - 5))}`;
    parts.push(
      `<path d="${d}" stroke="${colour(60, 180)}" stroke-width="${fmt(rand(1, 2.2))}" fill="none"/>`,
    );
  }
  for (let i = 0; i < 40; i++) {
    parts.push(
      `<circle cx="${fmt(rand(0, WIDTH))}" cy="${fmt(rand(0, HEIGHT))}" r="${fmt(rand(0.6, 1.6))}" fill="${colour(80, 200)}"/>`,
    );
  }
  return parts.join('');
}

/** A `data:image/svg+xml;base64,…` URL drawing the answer with noise; the answer itself never appears in it. */
export function captchaImage(answer: string): string {
  const step = WIDTH / (answer.length + 1);
  const glyphs = [...answer].map((ch, i) =>
    glyph(ch, step * (i + 1) + rand(-3, 3), HEIGHT / 2 + rand(-4, 4)),
  );
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">` +
    `<rect width="100%" height="100%" fill="${colour(225, 250)}"/>${noise()}${glyphs.join('')}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
