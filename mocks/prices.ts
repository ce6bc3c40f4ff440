import { computePrice } from '@common/price';
import type { Rate } from '@/api/gen/model';

/** The server's seeded service_prices (server/db/migrations), as the mocked server charges them. */
export const RATES = {
  check: { unitChars: 1000, unitFen: 100, minFen: 300 },
  aigc: { unitChars: 1000, unitFen: 100, minFen: 300 },
  rewrite: { unitChars: 1000, unitFen: 300, minFen: 500 },
  aigc_rewrite: { unitChars: 1000, unitFen: 300, minFen: 500 },
  rewrite_offline: { unitChars: 1000, unitFen: 150, minFen: 300 },
  paper: { unitChars: 1000, unitFen: 50, minFen: 990 },
  ppt: { unitChars: 1_000_000, unitFen: 0, minFen: 990 },
  chat: { unitChars: 1000, unitFen: 10, minFen: 0 },
  workbench_model: { unitChars: 100, unitFen: 5, minFen: 10 },
} satisfies Record<string, Rate>;

/** The server's price rule (common/price.ts). */
export const priceOf: (rate: Rate, chars: number) => number = computePrice;
