import { describe, expect, it } from 'vitest';
import { chinaDay } from '../free-uses/limits';
import { chinaDayRange, fenToYuan, yuanToFen } from './amounts';

describe('provider amounts and days', () => {
  it('writes fen as yuan text and reads it back exactly', () => {
    expect([0, 1, 10, 99, 100, 5000, 123456, -1, -250].map(fenToYuan)).toEqual([
      '0.00', '0.01', '0.10', '0.99', '1.00', '50.00', '1234.56', '-0.01', '-2.50',
    ]);
    for (const fen of [0, 1, 29, 2990, 100_000_000, -1]) expect(yuanToFen(fenToYuan(fen))).toBe(fen);
    expect(yuanToFen('50')).toBe(5000);
    expect(yuanToFen('0.5')).toBe(50);
    expect(yuanToFen('19.99')).toBe(1999);
  });

  it('refuses what is not a plain amount instead of rounding it', () => {
    for (const text of ['', '1.001', '1e3', 'abc', '1,000.00', '.5', '¥1.00']) expect(yuanToFen(text)).toBeNull();
    expect(() => fenToYuan(1.5)).toThrow();
  });

  it('cuts days in China time', () => {
    expect(chinaDay(new Date('2026-11-26T15:59:59Z'))).toBe('2026-11-26');
    expect(chinaDay(new Date('2026-11-26T16:00:00Z'))).toBe('2026-11-27');
    expect(chinaDayRange('2026-11-27')).toEqual({
      from: new Date('2026-11-26T16:00:00Z'),
      to: new Date('2026-11-27T16:00:00Z'),
    });
    expect(() => chinaDayRange('2026-02-30')).toThrow('不是有效的日期');
  });
});
