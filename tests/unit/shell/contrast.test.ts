import { AA_TEXT, contrastRatio, luminance, textShade } from '@/lib/theme/contrast';
import { THEMES, portalTheme } from '@/lib/theme/themes';

describe('the theme colours where they carry text', () => {
  it('computes WCAG contrast', () => {
    expect(luminance('#ffffff')).toBeCloseTo(1);
    expect(luminance('#000000')).toBe(0);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21);
    // The measurement: white on the default brand colour is below 3:1.
    expect(contrastRatio('#409EFF', '#ffffff')).toBeLessThan(3);
  });

  it('keeps a colour that already reaches AA and darkens one that does not, as little as needed', () => {
    expect(textShade('#6959cd', ['#ffffff'])).toBe('#6959cd');
    const shade = textShade('#409EFF', ['#ffffff', '#f0f2f5']);
    expect(contrastRatio(shade, '#f0f2f5')).toBeGreaterThanOrEqual(AA_TEXT);
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(AA_TEXT);
    // One step lighter misses AA against the page background: the shade is the lightest that reaches it.
    const lighter = `#${[0x40, 0x9e, 0xff]
      .map((c) =>
        Math.round((c * (100 - 35)) / 100)
          .toString(16)
          .padStart(2, '0'),
      )
      .join('')}`;
    expect(shade).not.toBe(lighter);
  });

  it('gives every light theme a primary colour and every theme a shell that reach AA, and keeps the brand', () => {
    for (const spec of THEMES) {
      const { palette } = portalTheme(spec.name);
      expect(palette.brand).toBe(spec.primary);
      if (spec.mode === 'light') {
        expect(contrastRatio(palette.primary.main, spec.paper)).toBeGreaterThanOrEqual(AA_TEXT);
        expect(contrastRatio(palette.primary.main, spec.background)).toBeGreaterThanOrEqual(AA_TEXT);
      }
      expect(contrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(
        AA_TEXT,
      );
      const { sidebarActiveBg, sidebarActiveText, headerBg, headerText } = palette.shell;
      if (sidebarActiveBg.startsWith('#') && sidebarActiveText.startsWith('#'))
        expect(
          contrastRatio(sidebarActiveText.length === 4 ? '#ffffff' : sidebarActiveText, sidebarActiveBg),
        ).toBeGreaterThanOrEqual(AA_TEXT);
      if (headerText === '#fff') expect(contrastRatio('#ffffff', headerBg)).toBeGreaterThanOrEqual(AA_TEXT);
    }
  });
});

describe('status colours', () => {
  it('reach AA as text on the page background in every light theme', () => {
    for (const spec of THEMES.filter((t) => t.mode === 'light')) {
      const { palette } = portalTheme(spec.name);
      for (const colour of [palette.error, palette.warning, palette.info, palette.success]) {
        expect(contrastRatio(colour.main, spec.background)).toBeGreaterThanOrEqual(AA_TEXT);
        expect(contrastRatio(colour.contrastText, colour.main)).toBeGreaterThanOrEqual(AA_TEXT);
      }
    }
  });
});
