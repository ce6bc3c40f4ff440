// Every call the contract marks as charging (x-moyan-charges) may leave the browser only while the app shows its
// price: the confirmation's summary (charge-summary: amount, what for, balance after) or, for chat, the price of
// an answer under the question box (chat-price). The real-server run watches every flow's page with this guard
// and fails a flow whose page charged without a price on screen.
import type { Page } from 'playwright-core';
import { loadContract, operationsOf } from '../server/http/contract';

const PRICE_SHOWN = '[data-testid="charge-summary"], [data-testid="chat-price"]';

const chargingPaths = (): Map<string, string> =>
  new Map(
    [...operationsOf(loadContract()).values()]
      .filter(({ operation }) => operation['x-moyan-charges'] === true)
      .map(({ path, operation }) => [path, operation.operationId]),
  );

export type ChargeGuard = {
  /** The charging calls the page made, with whether their price was on screen when it made them. */
  charges: Array<{ operation: string; priceShown: boolean }>;
  /** Throws when any charge left the page without its price shown first. */
  check(): void;
};

export async function guardCharges(page: Page): Promise<ChargeGuard> {
  const paths = chargingPaths();
  const charges: ChargeGuard['charges'] = [];
  await page.route(
    (url) => paths.has(url.pathname),
    async (route) => {
      const operation = paths.get(new URL(route.request().url()).pathname) ?? '';
      const priceShown = (await page.locator(PRICE_SHOWN).count().catch(() => 0)) > 0;
      charges.push({ operation, priceShown });
      await route.continue();
    },
  );
  return {
    charges,
    check() {
      const unpriced = charges.filter((c) => !c.priceShown).map((c) => c.operation);
      if (unpriced.length > 0) throw new Error(`扣费前没有显示价格：${unpriced.join('、')}`);
    },
  };
}

/** Pays in the confirmation the app opened: reads the amount it shows, clicks its 确认支付. */
export async function confirmCharge(page: Page): Promise<{ chargeFen: number; purpose: string }> {
  const dialog = page.getByTestId('charge-confirm');
  const summary = dialog.getByTestId('charge-summary');
  await summary.waitFor();
  const chargeFen = Number(await summary.getAttribute('data-charge-fen'));
  const purpose = (await summary.getAttribute('data-purpose')) ?? '';
  await dialog.getByRole('button', { name: /^确认/ }).click();
  return { chargeFen, purpose };
}
