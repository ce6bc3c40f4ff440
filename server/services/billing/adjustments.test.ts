import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { openTestDatabase } from '../../test/database';
import { makeUser } from '../../test/fixtures';
import { expectNoChange } from '../../test/snapshot';
import { adjustBalance } from './adjustments';
import { balanceOf } from './balance';

describe('operator balance adjustments', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await db.close();
  });
  const ledger = (userId: string) =>
    db.sql<{ kind: string; amount: number; note: string }>(
      'select kind, amount_fen as amount, note from ledger_entries where user_id = $1 order by seq',
      [userId],
    );

  it('credits as grant and deducts as deduction, each with its reason, and answers the new balance', async () => {
    const userId = await makeUser(db);
    expect((await adjustBalance(db, { userId, amountFen: 1000, reason: '活动赠送' })).balanceFen).toBe(1000);
    expect((await adjustBalance(db, { userId, amountFen: -300, reason: ' 误充值扣回 ' })).balanceFen).toBe(700);
    expect(await ledger(userId)).toEqual([
      { kind: 'grant', amount: 1000, note: '活动赠送' },
      { kind: 'deduction', amount: -300, note: '误充值扣回' },
    ]);
    expect(await balanceOf(db, userId)).toBe(700);
  });

  it('refuses a deduction below zero with the balance in the message, storing nothing', async () => {
    const userId = await makeUser(db);
    await adjustBalance(db, { userId, amountFen: 500, reason: '赠送' });
    await expectNoChange(db, () =>
      expect(adjustBalance(db, { userId, amountFen: -501, reason: '扣回' })).rejects.toMatchObject({
        statusCode: 409,
        code: 'INSUFFICIENT_BALANCE',
        message: '余额只有 500 分，不能扣减 501 分（余额不能为负）',
      }),
    );
    expect((await adjustBalance(db, { userId, amountFen: -500, reason: '全部扣回' })).balanceFen).toBe(0);
  });

  it('lets only one of two concurrent deductions through when the balance covers one', async () => {
    const userId = await makeUser(db);
    await adjustBalance(db, { userId, amountFen: 1000, reason: '赠送' });
    const outcomes = await Promise.allSettled([600, 600].map(() => adjustBalance(db, { userId, amountFen: -600, reason: '扣回' })));
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(await balanceOf(db, userId)).toBe(400);
  });

  it('refuses a zero or fractional amount, an empty or long reason and an unknown user', async () => {
    const userId = await makeUser(db);
    for (const [amountFen, reason] of [
      [0, '原因'],
      [1.5, '原因'],
      [200_000_000, '原因'],
      [100, '  '],
      [100, '长'.repeat(201)],
    ] as const) {
      await expect(adjustBalance(db, { userId, amountFen, reason })).rejects.toMatchObject({ statusCode: 400 });
    }
    await expect(adjustBalance(db, { userId: 'no-such-user', amountFen: 100, reason: '赠送' })).rejects.toMatchObject({
      statusCode: 404,
    });
    expect(await ledger(userId)).toEqual([]);
  });
});
