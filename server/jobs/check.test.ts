import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../db/client';
import { tasks } from '../db/schema/tasks';
import { users } from '../db/schema/users';
import { fixture } from '../engines/similarity/fixtures/load';
import { balanceOf } from '../services/billing/balance';
import { initCheck } from '../services/check/drafts';
import { submitCheck } from '../services/check/submit';
import { ReferenceLibrary } from '../services/library/library';
import { loadJobHandlers } from '../services/tasks/registry';
import { JobRunner } from '../services/tasks/runner';
import { testConfig, testRuntime } from '../test/app';
import { openTestDatabase } from '../test/database';
import { depsFor, makeUser } from '../test/fixtures';
import { job } from './check';

const A = fixture('source-a.txt');
const OWN = fixture('own-words.txt');

describe('the check job', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
    await new ReferenceLibrary(db).addDocuments([{ id: 'lib-a', title: '文献甲', text: A }]);
  });
  afterAll(() => db.close());

  const deps = () => ({ ...depsFor(db), config: testConfig({ DATA_DIR: '/nonexistent-moyan-dir' }) });
  const queuedCheck = async (userId: string, content: string) => {
    const draft = await initCheck(deps(), userId, { title: '任务', content });
    return submitCheck(deps(), userId, { id: draft.id });
  };
  const load = async (id: string) => (await db.orm.select().from(tasks).where(eq(tasks.id, id)))[0];
  const runner = async (config = testConfig()) =>
    new JobRunner({ ...testRuntime(db, { config }), handlers: await loadJobHandlers() });
  const ledgerKinds = async (taskId: string) =>
    (await db.sql<{ kind: string }>('select kind from ledger_entries where task_id = $1 order by seq', [taskId])).map((e) => e.kind);

  it('is registered for kind check and reports progress on the way to the stored report', async () => {
    expect((await runner()).kinds).toContain('check');
    const userId = await makeUser(db, { qrSignup: true });
    const task = await initCheck(deps(), userId, { title: '任务', content: `${OWN}\n${A}` });
    const seen: number[] = [];
    const outcome = await job.handler({
      ...testRuntime(db),
      task: await load(task.id),
      signal: new AbortController().signal,
      progress: async (percent) => {
        seen.push(percent);
      },
      checkpoint: async () => undefined,
    });
    expect(seen).toEqual([10, 80]);
    expect(outcome).toMatchObject({ offline: true, result: { figures: { sourceCount: 1 } } });
    const [stored] = await db.sql<{ figures: { sourceCount: number }; report: { paragraphs: unknown[] } }>(
      'select figures, report from checks where task_id = $1',
      [task.id],
    );
    expect(stored.figures.sourceCount).toBe(1);
    expect(stored.report.paragraphs).toHaveLength(2);
  });

  it('fails and refunds once (the free check comes back) when the engine cannot run', async () => {
    const userId = await makeUser(db, { qrSignup: true });
    const task = await queuedCheck(userId, OWN);
    expect(task.freeCheck).toBe(true);
    await db.sql('alter table library_fingerprints rename to library_fingerprints_away');
    try {
      expect(await (await runner()).drain()).toBe(1);
    } finally {
      await db.sql('alter table library_fingerprints_away rename to library_fingerprints');
    }
    expect(await load(task.id)).toMatchObject({ status: 'failed', error: '处理失败，费用已退回，请稍后重试' });
    const entries = await db.sql<{ kind: string }>('select kind from ledger_entries where task_id = $1 order by seq', [task.id]);
    expect(entries.map((e) => e.kind)).toEqual(['charge', 'refund']);
    const [user] = await db.orm.select().from(users).where(eq(users.id, userId));
    expect(user.freeCheckUsedAt).toBeNull();
    expect(await balanceOf(db, userId)).toBe(0);
  });

  it("fails with its own message and refunds once when the engine's worker is stopped by the time limit", async () => {
    const userId = await makeUser(db, { qrSignup: true });
    const task = await queuedCheck(userId, OWN);
    // The engine runs in a worker; its library lookup (answered by this thread) never comes back.
    const stuck = vi.spyOn(ReferenceLibrary.prototype, 'findCandidates').mockReturnValue(new Promise(() => undefined));
    try {
      expect(await (await runner(testConfig({ ENGINE_TIMEOUT_MS: 200 }))).drain()).toBe(1);
    } finally {
      stuck.mockRestore();
    }
    expect(await load(task.id)).toMatchObject({ status: 'failed', error: '查重超时未能完成，费用已退回，请稍后重试或分章节检测' });
    expect(await ledgerKinds(task.id)).toEqual(['charge', 'refund']);
    expect(await balanceOf(db, userId)).toBe(0);
    expect(await (await runner()).drain()).toBe(0);

    // The pool replaced the worker: the next check runs to its report.
    const next = await queuedCheck(userId, `${OWN}\n${A}`);
    expect(await (await runner()).drain()).toBe(1);
    expect(await load(next.id)).toMatchObject({ status: 'done' });
  });
});
