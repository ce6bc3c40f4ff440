const SUFFIXES = [
  { value: 1e18, symbol: 'E' },
  { value: 1e15, symbol: 'P' },
  { value: 1e12, symbol: 'T' },
  { value: 1e9, symbol: 'G' },
  { value: 1e6, symbol: 'M' },
  { value: 1e3, symbol: 'k' },
];

/** 1234 -> `1.2k` with one digit; trailing zeros are dropped (`2k`, not `2.0k`). */
export function formatNumberSuffix(value: number, digits = 1): string {
  const suffix = SUFFIXES.find((entry) => Math.abs(value) >= entry.value);
  if (!suffix) return String(value);
  const scaled = (value / suffix.value).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1');
  return `${scaled}${suffix.symbol}`;
}

/** 1234567 -> `1,234,567`. */
export function formatThousands(value: number): string {
  return value.toLocaleString('en-US');
}

/** Integer fen to yuan with two decimals: 1990 -> `19.90`. */
export function formatFen(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** Integer fen as a price: 2990 -> `¥29.90`. */
export function formatYuan(fen: number): string {
  return `¥${formatFen(fen)}`;
}

/** A 0-1 ratio as a percentage with one decimal: 0.1234 -> `12.3%`; null stays a dash. */
export function formatRatio(ratio: number | null | undefined): string {
  return ratio === null || ratio === undefined ? '—' : `${(ratio * 100).toFixed(1)}%`;
}
