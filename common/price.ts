// The price rule of every service: the server charges by it (server/services/billing/prices.ts, with the
// service_prices rows) and the mocked server (mocks/prices.ts, with the seeded rows) prices by the same one.

/** A service's unit price: unitFen per unitChars characters (or started part of them), at least minFen. */
export interface Rate {
  unitChars: number;
  unitFen: number;
  minFen: number;
}

/** price = max(minFen, ceil(chars / unitChars) × unitFen). */
export function computePrice(rate: Rate, chars: number): number {
  const units = Math.ceil(Math.max(0, chars) / rate.unitChars);
  return Math.max(rate.minFen, units * rate.unitFen);
}
