import { describe, expect, it } from 'vitest';
import { LlmError } from './errors';
import { Limiter, type LimiterSettings } from './limiter';

// The slots of the model gateway: a global limit, a limit per account below it, and a fair turn between
// accounts. No timing: waits are long unless a test is about them.
const limiter = (overrides: Partial<LimiterSettings> = {}) =>
  new Limiter({ max: 4, perAccount: 2, queuedPerAccount: 2, waitMs: 60_000, backgroundWaitMs: 60_000, ...overrides });

/**
 * Records the order in which the calls get their slot. A call still waiting when its test ends is refused when its
 * wait runs out, in whichever test file the worker runs by then: that refusal is recorded too, never left unhandled.
 */
function order() {
  const granted: string[] = [];
  const refused: string[] = [];
  const releases = new Map<string, () => void>();
  const ask = (l: Limiter, account: string, name: string, background = false) =>
    l.acquire({ account, background }).then(
      (release) => {
        granted.push(name);
        releases.set(name, release);
      },
      () => {
        refused.push(name);
      },
    );
  const release = async (name: string) => {
    releases.get(name)?.();
    // The next waiter's grant resolves on the microtask queue.
    await new Promise((resolve) => setImmediate(resolve));
  };
  return { granted, refused, ask, release };
}

async function refusal(promise: Promise<unknown>): Promise<LlmError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LlmError);
  return error as LlmError;
}

describe('the model limiter', () => {
  it('gives one account at most its own limit, so another account gets a slot at once', async () => {
    const l = limiter();
    const { granted, ask } = order();
    await ask(l, 'a', 'a1');
    await ask(l, 'a', 'a2');
    const waiting = ask(l, 'a', 'a3');
    await ask(l, 'b', 'b1');
    expect(granted).toEqual(['a1', 'a2', 'b1']);
    expect({ active: l.active, queued: l.queued }).toEqual({ active: 3, queued: 1 });
    void waiting;
  });

  it('hands freed slots to the waiting accounts in turn, not first come first served', async () => {
    const l = limiter({ max: 1, perAccount: 1, queuedPerAccount: 10 });
    const { granted, ask, release } = order();
    await ask(l, 'x', 'x1');
    const pending = [ask(l, 'a', 'a1'), ask(l, 'a', 'a2'), ask(l, 'a', 'a3'), ask(l, 'b', 'b1'), ask(l, 'c', 'c1'), ask(l, 'b', 'b2')];
    for (const name of ['x1', 'a1', 'b1', 'c1', 'a2', 'b2', 'a3']) await release(name);
    await Promise.all(pending);
    expect(granted).toEqual(['x1', 'a1', 'b1', 'c1', 'a2', 'b2', 'a3']);
  });

  it("refuses an account's call at once (account_busy) when its own calls fill its slots and its queue; others are unaffected", async () => {
    const l = limiter({ perAccount: 1, queuedPerAccount: 1 });
    const { ask } = order();
    await ask(l, 'a', 'a1');
    void ask(l, 'a', 'a2');
    const error = await refusal(l.acquire({ account: 'a' }));
    expect(error.kind).toBe('account_busy');
    expect(error.message).toBe('您同时进行的大模型请求已达上限，请等当前的回答或任务完成后再试');
    await l.acquire({ account: 'b' });
    expect(l.active).toBe(2);
  });

  it("never refuses a job's call for its account's queue, and lets it wait longer", async () => {
    const l = limiter({ perAccount: 1, queuedPerAccount: 0, waitMs: 20 });
    const { granted, ask, release } = order();
    await ask(l, 'a', 'a1');
    expect((await refusal(l.acquire({ account: 'a' }))).kind).toBe('account_busy');
    const job = ask(l, 'a', 'job', true);
    await new Promise((resolve) => setTimeout(resolve, 60));
    await release('a1');
    await job;
    expect(granted).toEqual(['a1', 'job']);
  });

  it("says busy when everyone's calls fill the slots, account_busy when the account's own calls held it", async () => {
    const l = limiter({ max: 2, perAccount: 1, queuedPerAccount: 5, waitMs: 30 });
    await l.acquire({ account: 'a' });
    expect((await refusal(l.acquire({ account: 'a' }))).kind).toBe('account_busy');
    await l.acquire({ account: 'b' });
    expect((await refusal(l.acquire({ account: 'c' }))).kind).toBe('busy');
    expect(l.queued).toBe(0);
  });

  it('stops waiting when the caller aborts, and the turn passes on', async () => {
    const l = limiter({ max: 1, perAccount: 1 });
    const { granted, ask, release } = order();
    await ask(l, 'x', 'x1');
    const controller = new AbortController();
    const aborted = refusal(l.acquire({ account: 'a', signal: controller.signal }));
    const b = ask(l, 'b', 'b1');
    controller.abort();
    expect((await aborted).kind).toBe('aborted');
    await release('x1');
    await b;
    expect(granted).toEqual(['x1', 'b1']);
  });

  it('puts no account limit on calls without an account (the CLI check, the probe)', async () => {
    const l = limiter({ max: 3, perAccount: 1 });
    await l.acquire();
    await l.acquire();
    await l.acquire();
    expect(l.active).toBe(3);
  });
});
