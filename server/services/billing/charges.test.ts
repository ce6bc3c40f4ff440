import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { openTestDatabase } from '../../test/database';
import { depsFor, grant, makeUser } from '../../test/fixtures';
import { createTask, submitTask } from '../tasks/tasks';
import { balanceOf } from './balance';
import { hasFreeCheck } from '../check/records';
import { chargeTask, paymentStatus, refundTask } from './charges';
import { chargePlan, quoteOf } from './plan';
import { computePrice, priceFor, ratedPrice } from './prices';

describe('billing', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });
  const deps = () => depsFor(db);
  const draft = (userId: string, priceFen: number) =>
    createTask(deps(), { kind: 'check', userId, title: '测试论文', priceFen, charCount: 1000 });

  it('prices by the seeded unit prices, with the minimum', async () => {
    expect(await priceFor(db, 'check', 12_850)).toBe(1300);
    expect(await priceFor(db, 'check', 100)).toBe(300);
    expect(await priceFor(db, 'rewrite', 2001)).toBe(900);
    expect(computePrice({ unitChars: 1000, unitFen: 100, minFen: 0 }, 0)).toBe(0);
    await expect(priceFor(db, 'no-such-service', 10)).rejects.toThrow(/no-such-service/);
  });

  it('prices the offline engine by its own row, below the model ways', async () => {
    expect(await ratedPrice(db, 'rewrite_offline', 2001)).toEqual({ priceFen: 450, rate: { unitChars: 1000, unitFen: 150, minFen: 300 } });
    expect(await priceFor(db, 'rewrite_offline', 100)).toBe(300);
    expect(await priceFor(db, 'aigc_rewrite', 2001)).toBe(900);
  });

  it('quotes what is charged, for what, the balance after, and whether it is enough', async () => {
    const payer = await makeUser(db);
    await grant(db, payer, 500);
    const plan = (priceFen: number, freeCheck = false) => chargePlan({ priceFen, note: '论文查重：题目', freeCheck });
    expect(await quoteOf(db, payer, plan(300))).toMatchObject({ priceFen: 300, chargeFen: 300, purpose: '论文查重：题目', balanceFen: 500, balanceAfterFen: 200, enough: true });
    expect(await quoteOf(db, payer, plan(900))).toMatchObject({ priceFen: 900, chargeFen: 900, balanceFen: 500, balanceAfterFen: null, enough: false });
    const qr = await makeUser(db, { qrSignup: true });
    expect(await quoteOf(db, qr, plan(900, true))).toMatchObject({
      priceFen: 900,
      chargeFen: 0,
      purpose: '论文查重：题目（首次免费）',
      balanceFen: 0,
      balanceAfterFen: 0,
      freeCheck: true,
      enough: true,
    });
  });

  it('never lets concurrent charges overdraw the balance; the ledger sums to the balance', async () => {
    const userId = await makeUser(db);
    await grant(db, userId, 1000);
    const tasks = await Promise.all(Array.from({ length: 10 }, () => draft(userId, 300)));
    const outcomes = await Promise.allSettled(
      tasks.map((task) => submitTask(deps(), userId, task.id, { note: '论文查重' })),
    );
    const ok = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o) => o.status === 'rejected') as PromiseRejectedResult[];
    expect(ok).toHaveLength(3);
    expect(refused).toHaveLength(7);
    for (const r of refused) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect(r.reason).toMatchObject({ statusCode: 409, code: 'INSUFFICIENT_BALANCE', message: '余额不足，请先充值' });
    }
    expect(await balanceOf(db, userId)).toBe(100);
    const entries = await db.sql<{ kind: string; amount: number }>(
      'select kind, amount_fen as amount from ledger_entries where user_id = $1 order by seq',
      [userId],
    );
    expect(entries).toEqual([
      { kind: 'grant', amount: 1000 },
      ...Array.from({ length: 3 }, () => ({ kind: 'charge', amount: -300 })),
    ]);
    const statuses = await db.sql<{ status: string; n: number }>(
      'select status, count(*)::int as n from tasks where user_id = $1 group by status order by status',
      [userId],
    );
    expect(statuses).toEqual([
      { status: 'draft', n: 7 },
      { status: 'queued', n: 3 },
    ]);
  });

  it('charges a task once and refunds it once, however often it is asked', async () => {
    const userId = await makeUser(db);
    await grant(db, userId, 1000);
    const task = await draft(userId, 400);
    const charges = await Promise.all([1, 2, 3].map(() => chargeTask(db, { taskId: task.id, userId, amountFen: 400, note: 'x' })));
    expect(new Set(charges.map((c) => c.id)).size).toBe(1);
    expect(await balanceOf(db, userId)).toBe(600);
    const refunds = await Promise.all([1, 2].map(() => refundTask(db, task.id, '失败退款')));
    expect(refunds[0]?.id).toBe(refunds[1]?.id);
    expect(refunds[0]?.amountFen).toBe(400);
    expect(await balanceOf(db, userId)).toBe(1000);
    expect(await refundTask(db, (await draft(userId, 100)).id, 'never charged')).toBeNull();
  });

  it('uses the QR sign-up’s free check once, and gives it back with a refund', async () => {
    const userId = await makeUser(db, { qrSignup: true });
    const first = await draft(userId, 1300);
    const entry = await chargeTask(db, { taskId: first.id, userId, amountFen: 1300, note: '论文查重', useFreeCheck: true });
    expect(entry.amountFen).toBe(0);
    expect(entry.note).toContain('首次免费');
    expect(await hasFreeCheck(db, userId)).toBe(false);
    const second = await draft(userId, 1300);
    await expect(
      chargeTask(db, { taskId: second.id, userId, amountFen: 1300, note: 'x', useFreeCheck: true }),
    ).rejects.toMatchObject({ code: 'FREE_CHECK_USED' });
    await refundTask(db, first.id, '失败退款');
    expect(await hasFreeCheck(db, userId)).toBe(true);
    expect(await balanceOf(db, userId)).toBe(0);
  });

  it('refuses a second submit without charging again', async () => {
    const userId = await makeUser(db);
    await grant(db, userId, 1000);
    const task = await draft(userId, 300);
    await submitTask(deps(), userId, task.id, { note: 'x' });
    await expect(submitTask(deps(), userId, task.id, { note: 'x' })).rejects.toMatchObject({
      statusCode: 409,
      code: 'TASK_ALREADY_SUBMITTED',
    });
    expect(await balanceOf(db, userId)).toBe(700);
  });

  it('reports a task’s payment (check_order_id) only to its owner', async () => {
    const userId = await makeUser(db);
    const stranger = await makeUser(db);
    await grant(db, userId, 1000);
    const task = await draft(userId, 300);
    expect(await paymentStatus(db, userId, task.id)).toEqual({ paid: false, orderId: null, status: 'draft', priceFen: 300 });
    await submitTask(deps(), userId, task.id, { note: 'x' });
    const paid = await paymentStatus(db, userId, task.id);
    expect(paid).toMatchObject({ paid: true, status: 'queued', priceFen: 300 });
    expect(paid.orderId).toBeTruthy();
    await expect(paymentStatus(db, stranger, task.id)).rejects.toMatchObject({ statusCode: 404, code: 'NOT_FOUND' });
    await expect(submitTask(deps(), stranger, task.id, { note: 'x' })).rejects.toMatchObject({ statusCode: 404 });
    await refundTask(db, task.id, 'x');
    expect((await paymentStatus(db, userId, task.id)).paid).toBe(false);
  });
});
