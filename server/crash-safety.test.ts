import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  crashTestEnv,
  expectPartsKept,
  submitDeck,
  submitDetection,
  submitPaper,
  submitRewrite,
} from './test/crash-tasks';
import { type FakeLlm, startFakeLlm } from './test/fake-llm';
import { freePort, type Spawned, sigkill, spawnScript, waitForHealth } from './test/process';

// Crash safety per task kind (issue 15): the real server process (npm run serve, embedded database on a
// temporary DATA_DIR) is SIGKILLed while an AIGC detection, a rewrite and a paper are running and right after a
// slide deck was submitted; after a restart each task finishes or fails on its own (its lease runs out,
// JOB_LEASE_SECONDS=5, and the new process takes it over) with exactly one charge and, when it failed, exactly
// one refund, and the rewritten paragraphs and written sections stored before the kill are kept as they were.
// The model is the fake one, paced so the rewrite and the paper are still under way when the kill comes.
// server/worker-crash-safety.pg.test.ts kills a separate worker on PostgreSQL instead.

describe('crash safety: SIGKILL during an AIGC detection, a rewrite, a paper being written and a deck being rendered', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'moyan-crash-'));
  const api = new ApiClient();
  let paced: FakeLlm;
  let fast: FakeLlm;
  let server: Spawned | undefined;

  beforeAll(async () => {
    // Each model token 40 ms apart: a paragraph's rewrite takes seconds, the whole document much longer.
    paced = await startFakeLlm({ tokenDelayMs: 40 });
    // After a restart nothing is to be killed any more: no pacing, so what is left is done in seconds, not minutes.
    fast = await startFakeLlm();
    api.diagnostics = () => server?.output() ?? '';
  });
  afterAll(async () => {
    await sigkill(server);
    await paced.close();
    await fast.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function start(model = paced): Promise<void> {
    const port = await freePort();
    api.base = `http://127.0.0.1:${port}`;
    const started = spawnScript('server/server.ts', crashTestEnv({ dataDir, port, modelUrl: model.url }));
    server = started;
    await waitForHealth(api.base, started.proc, started.output);
  }

  async function kill(): Promise<void> {
    if (!server) throw new Error('not running');
    await sigkill(server);
    server = undefined;
  }

  it('signs up and tops up', async () => {
    await start();
    expect(await api.signUpAndTopUp('crash-user')).toBeGreaterThan(0);
  }, 120_000);

  it('a rewrite killed part-way resumes after the restart, keeps the paragraphs it had stored, and is charged once', async () => {
    const rewrite = await submitRewrite(api);
    const before = await api.waitUntil('a first rewritten paragraph', rewrite.stored, (s) => s.parts.size > 0);
    expect(await rewrite.status()).toBe('running');
    expect(before.parts.size).toBeLessThan(before.total);
    await kill();

    await start(fast);
    const end = await api.endsOnceCharged(rewrite);
    expectPartsKept(before, await rewrite.stored(), end);
  }, 240_000);

  it('an AIGC detection killed while running finishes or fails after the restart, charged once', async () => {
    const detection = await submitDetection(api);
    const seen = await api.waitUntil('the detection to start', detection.status, (s) => s !== 'queued');
    await kill();

    await start(fast);
    const end = await api.endsOnceCharged(detection);
    // Killed while it ran (or, on a fast machine, just after it ended): either way one charge, and it ends.
    expect(['running', 'done']).toContain(seen);
    expect(['done', 'failed']).toContain(end);
  }, 240_000);

  it('a paper killed while its sections are written ends after the restart, keeps the sections it had written, and is charged once', async () => {
    const paper = await submitPaper(api);
    const before = await api.waitUntil('a first written section', paper.stored, (s) => s.parts.size > 0);
    const seen = await paper.status();
    await kill();

    await start(fast);
    const end = await api.endsOnceCharged(paper, 120_000);
    expectPartsKept(before, await paper.stored(), end);
    expect(['running', 'done']).toContain(seen);
  }, 300_000);

  it('a slide deck killed right after it was submitted (queued or rendering) ends after the restart, charged once', async () => {
    const deck = await submitDeck(api);
    await kill();

    await start(fast);
    const end = await api.endsOnceCharged(deck);
    expect(['done', 'failed']).toContain(end);
  }, 240_000);
});
