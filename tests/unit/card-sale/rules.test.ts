import { isWholeQuantity, lineAmount, orderTotal } from '@/lib/contracts/card-sale/card-sale';

// The quantity rule and the exact amounts the order form shows and blade/ checks (the same functions).

const mm8 = { sku: 'CCC-S-8', piecesPerSheet: 100, piecesPerPack: 5000 };

describe('isWholeQuantity', () => {
  it('takes whole sheets and whole packs', () => {
    expect(isWholeQuantity(mm8, 100)).toBe(true);
    expect(isWholeQuantity(mm8, 5000)).toBe(true);
    expect(isWholeQuantity(mm8, 5100)).toBe(true);
  });

  it('refuses loose pieces, zero, negatives and fractions', () => {
    for (const q of [1, 50, 150, 0, -100, 100.5, Number.NaN]) expect(isWholeQuantity(mm8, q)).toBe(false);
  });

  it('takes a pack size that is not a multiple of the sheet size', () => {
    const odd = { sku: 'X', piecesPerSheet: 30, piecesPerPack: 1000 };
    expect(isWholeQuantity(odd, 1000)).toBe(true);
    expect(isWholeQuantity(odd, 90)).toBe(true);
    expect(isWholeQuantity(odd, 1010)).toBe(false);
  });
});

describe('amounts', () => {
  it('prices exactly where floating point would not (0.03 × 100 is 3.00, 0.1 + 0.2 is 0.30)', () => {
    expect(lineAmount('0.03', 100)).toBe('3.00');
    expect(lineAmount('0.03', 5100)).toBe('153.00');
    expect(
      orderTotal([
        { unitPrice: '0.1', quantity: 1 },
        { unitPrice: '0.2', quantity: 1 },
      ]),
    ).toBe('0.30');
    expect(orderTotal([{ unitPrice: '0.07', quantity: 3_000_000 }])).toBe('210000.00');
  });

  it('answers null for a price that is not an amount', () => {
    expect(lineAmount('0.001', 100)).toBeNull();
    expect(orderTotal([{ unitPrice: 'abc', quantity: 1 }])).toBeNull();
    expect(orderTotal([])).toBe('0.00');
  });
});
