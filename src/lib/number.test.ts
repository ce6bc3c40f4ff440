import { describe, expect, it } from 'vitest';
import { formatFen, formatNumberSuffix, formatRatio, formatThousands, formatYuan } from './number';

describe('formatNumberSuffix', () => {
  it('leaves numbers under one thousand as they are', () => {
    expect(formatNumberSuffix(999)).toBe('999');
  });

  it('uses k, M, G, T, P and E at each power of a thousand', () => {
    expect(formatNumberSuffix(1000)).toBe('1k');
    expect(formatNumberSuffix(1234)).toBe('1.2k');
    expect(formatNumberSuffix(2_500_000)).toBe('2.5M');
    expect(formatNumberSuffix(3e9)).toBe('3G');
    expect(formatNumberSuffix(4e12)).toBe('4T');
    expect(formatNumberSuffix(5e15)).toBe('5P');
    expect(formatNumberSuffix(6e18)).toBe('6E');
  });

  it('honours the number of digits and drops trailing zeros', () => {
    expect(formatNumberSuffix(1_234_567, 2)).toBe('1.23M');
    expect(formatNumberSuffix(1_500_000, 3)).toBe('1.5M');
  });
});

describe('formatThousands, formatFen and formatYuan', () => {
  it('groups thousands and turns fen into yuan', () => {
    expect(formatThousands(1_234_567)).toBe('1,234,567');
    expect(formatThousands(1_234_567)).toBe((1_234_567).toLocaleString('zh-CN'));
    expect(formatFen(1990)).toBe('19.90');
    expect(formatFen(5)).toBe('0.05');
    expect(formatYuan(2990)).toBe('¥29.90');
  });
});

describe('formatRatio', () => {
  it('shows a 0-1 ratio as a percentage and null as a dash', () => {
    expect(formatRatio(0.1234)).toBe('12.3%');
    expect(formatRatio(1)).toBe('100.0%');
    expect(formatRatio(null)).toBe('—');
  });
});
