import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { testClock } from '../../test/clock';
import { openTestDatabase } from '../../test/database';
import { testConfig } from '../../test/app';
import { depsFor, makeUser } from '../../test/fixtures';
import { balanceOf } from '../billing/balance';
import { expectNoChange } from '../../test/snapshot';
import { chargeTask } from '../billing/charges';
import { sandboxProvider } from '../payments/sandbox';
import { SERVICES, capabilities } from '../system/capabilities';
import { createTask } from '../tasks/tasks';
import { confirmSandboxPayment, createOrder, loadOrder, orderForPayLink } from './orders';
import { refundOrder } from './refunds';

/** An instance offering every service, with the sandbox open (the test default). */
// Every service built and a model named, so every package is for sale.
const everything = capabilities({
  config: testConfig({ LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'moyan-fake' }),
  builtServices: new Set(SERVICES),
});

describe('order refunds (operator, via the CLI)', () => {
  let db: Database;
  const provider = sandboxProvider('test-secret-test-secret-test-secret');
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  async function paidOrder(userId: string, packageId = 'pkg-recharge-3000') {
    const deps = depsFor(db);
    const order = await createOrder(deps, provider, userId, packageId, everything);
    const token = new URL(order.payUrl ?? '', 'http://x').searchParams.get('token') ?? '';
    await confirmSandboxPayment(deps, provider, order.id, token);
    return { ...order, token };
  }

  it('refunds a paid order: status refunded, its credit leaves the balance, a later notification is refused', async () => {
    const userId = await makeUser(db);
    const order = await paidOrder(userId);
    expect(await balanceOf(db, userId)).toBe(3000);
    const refunded = await refundOrder(depsFor(db), provider, order.id);
    expect(refunded.order.status).toBe('refunded');
    expect(refunded.refund).toMatchObject({ status: 'succeeded', amountFen: 3000, refundNo: `${order.orderNo}R1` });
    expect(await balanceOf(db, userId)).toBe(0);
    expect((await loadOrder(depsFor(db), userId, order.id)).status).toBe('refunded');
    await expect(confirmSandboxPayment(depsFor(db), provider, order.id, order.token)).rejects.toMatchObject({
      statusCode: 409,
      code: 'ORDER_REFUNDED',
    });
    await expect(refundOrder(depsFor(db), provider, order.id)).rejects.toMatchObject({ code: 'ORDER_NOT_PAID' });
  });

  it('refuses to refund credit that was already spent, and changes nothing', async () => {
    const userId = await makeUser(db);
    const order = await paidOrder(userId, 'pkg-recharge-1000');
    const task = await createTask(depsFor(db), { kind: 'check', userId, priceFen: 600 });
    await chargeTask(db, { taskId: task.id, userId, amountFen: 600, note: '查重' });
    await expectNoChange(db, () =>
      expect(refundOrder(depsFor(db), provider, order.id)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' }),
    );
    expect(await balanceOf(db, userId)).toBe(400);
  });

  it('refuses to refund an unpaid or unknown order', async () => {
    const userId = await makeUser(db);
    const pending = await createOrder(depsFor(db), provider, userId, 'pkg-check', everything);
    await expect(refundOrder(depsFor(db), provider, pending.id)).rejects.toMatchObject({ code: 'ORDER_NOT_PAID' });
    await expect(refundOrder(depsFor(db), provider, 'nope')).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('the sandbox pay link', () => {
  let db: Database;
  const provider = sandboxProvider('test-secret-test-secret-test-secret');
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });

  it('shows its order, and an expired pending order as closed (closing it), and nothing for a bad token', async () => {
    const clock = testClock();
    const deps = depsFor(db, clock.now);
    const userId = await makeUser(db);
    const order = await createOrder(deps, provider, userId, 'pkg-check', everything);
    const token = new URL(order.payUrl ?? '', 'http://x').searchParams.get('token') ?? '';
    expect(await orderForPayLink(deps, provider, order.id, token)).toEqual(await loadOrder(deps, userId, order.id));
    expect(await orderForPayLink(deps, provider, order.id, 'A'.repeat(43))).toBeNull();

    clock.advance(deps.config.ORDER_TTL_MINUTES * 60_000 + 1000);
    const shown = await orderForPayLink(deps, provider, order.id, token);
    expect(shown).toMatchObject({ id: order.id, status: 'closed' });
    const [stored] = await db.sql<{ status: string }>('select status from orders where id = $1', [order.id]);
    expect(stored.status).toBe('closed');
    expect(shown).toEqual(await loadOrder(deps, userId, order.id));
  });
});
