import { readFileSync } from 'node:fs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadJobHandlers } from '../services/tasks/registry';
import { JobRunner } from '../services/tasks/runner';
import { body, createTestApp, post, signUp, type TestApp } from '../test/app';
import { FAKE_MODEL, type FakeLlm, startFakeLlm } from '../test/fake-llm';
import { grant } from '../test/fixtures';
import { withRewriteEngine, type StandInEngine } from '../test/rewrite-engine';
import { expectNoChange } from '../test/snapshot';
import type { RewrittenParagraph } from '../engines/rewrite';
import { UNLOWERED_REFUND_NOTE } from '../services/rewrite/run';
import { multipart } from './check.test-helpers';

// 降AIGC end to end on the real app, job runner, worker pool, detector and rewording engine: a finished
// detection's flagged paragraphs rewritten (offline without a model, through the fake model with one),
// each paragraph's AI probability before (the detection's) and after (our detector again), the records
// listed as kind lower, the .docx, the re-detection, check_aigc_machine_submit and
// check_aigc_and_machine_submit, bad input refused without a charge, a model failure refunded once.

const AIGC = '/api/base/paper_aigc_api';
const PAPER_API = '/api/base/paper_machine_api';
const fixture = (name: string) => readFileSync(new URL(`../services/aigc/fixtures/${name}`, import.meta.url), 'utf8').trim();
const MACHINE = fixture('machine-style.txt');
const HUMAN = fixture('human-style.txt');
const PAPER = `${MACHINE}\n${HUMAN}`;

interface AigcRecord {
  id: string;
  kind: string;
  status: string;
  priceFen: number;
  offline: boolean;
  aiCharRatio: number | null;
  paragraphTotal: number;
  paragraphFlagged: number;
  paragraphRewritten: number;
  sourceId: string | null;
  mode: string | null;
  aiCharRatioBefore: number | null;
  aiCharRatioAfter: number | null;
  recheckId: string | null;
  error: string | null;
  paragraphScores?: Array<{ index: number; aiProbability: number }>;
}
interface AigcParagraph {
  id: string;
  index: number;
  text: string;
  band: string;
  aiProbability: number;
  original: string | null;
  aiProbabilityBefore: number | null;
}

function suite(name: string, withModel: boolean) {
  describe(name, () => {
    let t: TestApp;
    let fake: FakeLlm | undefined;
    beforeAll(async () => {
      if (withModel) fake = await startFakeLlm();
      t = await createTestApp(fake ? { LLM_BASE_URL: fake.url, LLM_MODEL: FAKE_MODEL, LLM_MAX_RETRIES: 0 } : {});
    });
    afterAll(async () => {
      await t.close();
      await fake?.close();
    });

    const runJobs = async () => new JobRunner({ ...t.runtime, handlers: await loadJobHandlers() }).drain();
    const call = (path: string, token: string, options: { query?: Record<string, string | number>; payload?: unknown } = {}) =>
      post(t.app, `${AIGC}/${path}`, { token, ...options });
    const userIdOf = async (token: string) => body<{ id: string }>(await post(t.app, '/api/base/login_api/current', { token })).result.id;
    const paidUser = async (fen = 20_000) => {
      const { token } = await signUp(t.app);
      if (fen) await grant(t.db, await userIdOf(token), fen);
      return token;
    };
    const ledger = (taskId: string) =>
      t.db.sql<{ kind: string; amount_fen: number }>('select kind, amount_fen from ledger_entries where task_id = $1 order by seq', [taskId]);
    const detected = async (token: string, content = PAPER) => {
      const { payload, headers } = await multipart({ title: '深度学习与文本相似度', content });
      const created = await t.app.inject({ method: 'POST', url: `${AIGC}/machine_init`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
      const id = body<AigcRecord>(created).result.id;
      expect((await call('machine_submit', token, { payload: { id } })).statusCode).toBe(200);
      await runJobs();
      return body<AigcRecord>(await call('load_by_id', token, { query: { id } })).result;
    };
    const lowered = async (token: string, detectionId: string, mode = 'rewrite') => {
      const response = await call('aigc_machine_submit', token, { payload: { id: detectionId, mode } });
      expect(response.statusCode, response.body).toBe(200);
      return body<AigcRecord>(response).result;
    };

    it('rewrites only the flagged paragraphs, each with its AI probability before and after by our detector', async () => {
      const token = await paidUser();
      const detection = await detected(token);
      expect(detection.paragraphFlagged).toBeGreaterThan(0);
      const flagged = body<{ records: AigcParagraph[] }>(await call('query_content_list', token, { query: { id: detection.id, pageSize: 100 } })).result.records;

      const queued = await lowered(token, detection.id);
      expect(queued).toMatchObject({ kind: 'lower', status: 'queued', sourceId: detection.id, mode: 'rewrite', aiCharRatioBefore: detection.aiCharRatio });
      // The engine that will run sets the price: the model's (at least 5 元) or the offline engine's (at least 3 元).
      expect(queued.priceFen).toBeGreaterThanOrEqual(withModel ? 500 : 300);
      expect(await ledger(queued.id)).toEqual([{ kind: 'charge', amount_fen: -queued.priceFen }]);
      await runJobs();

      const done = body<AigcRecord>(await call('load_by_id', token, { query: { id: queued.id } })).result;
      expect(done).toMatchObject({ kind: 'lower', status: 'done', offline: !withModel || done.offline, error: null });
      expect(done.aiCharRatioAfter).not.toBeNull();
      expect(done.aiCharRatioAfter!).toBeLessThanOrEqual(done.aiCharRatioBefore!);
      expect(done.paragraphScores!.length).toBe(done.paragraphTotal);

      const pairs = body<{ records: AigcParagraph[] }>(await call('query_content_list', token, { query: { id: queued.id, pageSize: 100 } })).result.records;
      expect(pairs.length).toBe(done.paragraphTotal);
      // Why each kept paragraph was kept, from the rewording record's sentences.
      const reasons = body<{ records: Array<{ original: string; sentences: Array<{ reason?: string }> }> }>(
        await post(t.app, `${PAPER_API}/query_content_list`, { token, query: { id: queued.id, pageSize: 100 } }),
      ).result.records;
      const reasonsOf = (original: string) => reasons.find((r) => r.original === original)!.sentences.map((s) => s.reason);
      for (const p of pairs) {
        const source = flagged.find((f) => f.text.replace(/\s+/g, '') === p.original!.replace(/\s+/g, ''));
        expect(source, p.original!).toBeDefined();
        expect(p.aiProbabilityBefore).toBeCloseTo(source!.aiProbability, 3);
        expect(typeof p.aiProbability).toBe('number');
        if (source!.band !== 'high' && source!.band !== 'medium') expect(p.text).toBe(p.original);
        // A flagged paragraph is rewritten to read less machine-like; offline, a rewording our detector does not
        // score lower is no 降AIGC, and the paragraph keeps its original saying so.
        else if (p.text !== p.original) expect(p.aiProbability).toBeLessThan(p.aiProbabilityBefore!);
        else expect(reasonsOf(p.original!)).toContain('not-lowered');
      }
      expect(done.paragraphRewritten).toBe(pairs.filter((p) => p.text !== p.original).length);
      const one = body<AigcParagraph>(await call('load_content_by_id', token, { query: { id: pairs[0].id } })).result;
      expect(one).toMatchObject({ id: pairs[0].id, original: pairs[0].original });

      // Listed as kind lower (and not among the detections), and in the rewording records as source aigc.
      const lower = body<{ records: AigcRecord[]; total: number }>(await call('query_list', token, { payload: { kind: 'lower' } })).result;
      expect(lower.records.map((r) => r.id)).toEqual([queued.id]);
      const detect = body<{ records: AigcRecord[] }>(await call('query_list', token, { payload: { kind: 'detect' } })).result;
      expect(detect.records.map((r) => r.id)).toEqual([detection.id]);
      const all = body<{ records: AigcRecord[]; total: number }>(await call('query_list', token)).result;
      expect(all.records.map((r) => r.id)).toEqual([queued.id, detection.id]);
      const rewriteRecord = body<{ source: string; aigcBefore: number; aigcAfter: number }>(await post(t.app, `${PAPER_API}/load_by_id`, { token, query: { id: queued.id } })).result;
      expect(rewriteRecord).toMatchObject({ source: 'aigc', aigcBefore: done.aiCharRatioBefore, aigcAfter: done.aiCharRatioAfter });
      // Nothing lowered (the offline engine rarely finds a rewording our detector scores lower): charge given back.
      const charged = done.paragraphRewritten > 0;
      const entries = charged
        ? [{ kind: 'charge', amount_fen: -queued.priceFen }]
        : [{ kind: 'charge', amount_fen: -queued.priceFen }, { kind: 'refund', amount_fen: queued.priceFen }];
      expect(await ledger(queued.id)).toEqual(entries);
      const paid = body<{ paid: boolean }>(await call('check_order_id', token, { query: { id: queued.id } })).result;
      expect(paid.paid).toBe(charged);

      // The .docx holds each paragraph as the record shows it: lowered where it was, the original where kept.
      const file = await call('download', token, { query: { id: queued.id } });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toContain('wordprocessingml');
      const xml = await (await JSZip.loadAsync(file.rawPayload)).file('word/document.xml')!.async('string');
      const docText = xml.replace(/<[^>]+>/g, '');
      for (const p of pairs) expect(docText).toContain(p.text);
      // Its report is a 降AIGC one: named so, with the AI share before and after beside the similarity.
      const report = await t.app.inject({ method: 'GET', url: '/api/base/machine_api/download_report', query: { id: queued.id }, headers: { authorization: `Bearer ${token}` } });
      expect(report.statusCode).toBe(200);
      const reportXml = await (await JSZip.loadAsync(report.rawPayload)).file('word/document.xml')!.async('string');
      expect(reportXml).toContain('降AIGC报告');
      expect(reportXml).toContain('模式：降AIGC');
      expect(reportXml).toContain('AI字符占比：改写前');
      expect(reportXml).not.toContain('降重报告');

      // Re-detection: a new detection record, charged at the detection price, linked from the lowering.
      const recheck = await call('submit_check', token, { query: { id: queued.id } });
      expect(recheck.statusCode, recheck.body).toBe(200);
      const { aigcId, priceFen } = body<{ aigcId: string; priceFen: number }>(recheck).result;
      expect(await ledger(aigcId)).toEqual([{ kind: 'charge', amount_fen: -priceFen }]);
      expect(body<AigcRecord>(await call('load_by_id', token, { query: { id: queued.id } })).result.recheckId).toBe(aigcId);
      const again = await expectNoChange(t.db, () => call('submit_check', token, { query: { id: queued.id } }));
      expect(body(again).error).toMatchObject({ code: 'RECHECK_EXISTS' });
      await runJobs();
      const redetected = body<AigcRecord>(await call('load_by_id', token, { query: { id: aigcId } })).result;
      expect(redetected).toMatchObject({ kind: 'detect', status: 'done' });

      // Re-run one flagged paragraph (no charge), then delete the record through paper_aigc_api.
      const band = (p: AigcParagraph) => flagged.find((f) => f.text.replace(/\s+/g, '') === p.original!.replace(/\s+/g, ''))!.band;
      const rewritten = pairs.find((p) => band(p) === 'high' || band(p) === 'medium')!;
      const rerun = await call('reload', token, { query: { id: rewritten.id } });
      expect(rerun.statusCode, rerun.body).toBe(200);
      expect(body<AigcParagraph>(rerun).result).toMatchObject({ id: rewritten.id, original: rewritten.original });
      await runJobs();
      const again2 = body<AigcParagraph>(await call('load_content_by_id', token, { query: { id: rewritten.id } })).result;
      expect(again2.aiProbabilityBefore).toBe(rewritten.aiProbabilityBefore);
      expect(await ledger(queued.id)).toEqual(entries);

      // Someone else sees none of it.
      const other = await paidUser();
      for (const path of ['load_by_id', 'query_content_list', 'download', 'submit_check', 'check_order_id']) {
        expect((await call(path, other, { query: { id: queued.id } })).statusCode, path).toBe(404);
      }
      expect((await call('aigc_machine_submit', other, { payload: { id: detection.id, mode: 'rewrite' } })).statusCode).toBe(404);
      expect((await call('delete', other, { query: { id: queued.id } })).statusCode).toBe(404);
      const deleted = await call('delete', token, { query: { id: queued.id } });
      expect(body(deleted).result).toEqual({ id: queued.id, deleted: true });
      expect((await call('load_by_id', token, { query: { id: queued.id } })).statusCode).toBe(404);
      // The whole record's life on the real worker pool: about 10 s alone, more on a loaded machine.
    }, 60_000);

    it.each([
      { engine: 'keeps every paragraph', lowers: false },
      { engine: 'rewrites the flagged paragraphs', lowers: true },
    ])('charged for lowering: an engine that $engine is refunded in full only when nothing was lowered', async ({ lowers }) => {
      const token = await paidUser();
      const detection = await detected(token);
      const standIn: StandInEngine = {
        async rewriteDocument(text, options) {
          const paragraphs: RewrittenParagraph[] = [];
          for (const [index, original] of text.split('\n').filter((p) => p.trim()).entries()) {
            const rewritten = lowers ? HUMAN : original;
            const p = { index, original, role: 'body' as const, rewritten, changed: lowers, offline: !withModel, similarityToOriginal: lowers ? 0 : 1, bigramOverlap: lowers ? 0.1 : 1, protectedKept: true, sentences: [] };
            paragraphs.push(p);
            await options.onParagraph?.(p);
          }
          return { mode: options.mode, offline: !withModel, paragraphs, terms: [] };
        },
      };
      const queued = await lowered(token, detection.id);
      await new JobRunner({ ...t.runtime, compute: withRewriteEngine(t.runtime.compute, standIn), handlers: await loadJobHandlers() }).drain();
      const done = body<AigcRecord>(await call('load_by_id', token, { query: { id: queued.id } })).result;
      expect(done.status).toBe('done');
      expect(done.paragraphRewritten > 0).toBe(lowers);
      const refund = await t.db.sql<{ note: string }>(`select note from ledger_entries where task_id = $1 and kind = 'refund'`, [queued.id]);
      expect(refund.map((r) => r.note)).toEqual(lowers ? [] : [UNLOWERED_REFUND_NOTE]);
      expect(body<{ paid: boolean }>(await call('check_order_id', token, { query: { id: queued.id } })).result.paid).toBe(lowers);
    });

    if (!withModel) {
      it('refuses bad input in Chinese with no charge and no record', async () => {
        const token = await paidUser();
        const detection = await detected(token);
        const refused = async (payload: unknown) => {
          const response = await expectNoChange(t.db, () => call('aigc_machine_submit', token, { payload }));
          return { status: response.statusCode, error: body(response).error };
        };
        expect((await refused({ id: detection.id, mode: 'smart' })).status).toBe(400);
        expect((await refused({ id: detection.id })).status).toBe(400);
        expect(await refused({ id: '01JD3S5B8D0F2H4K6M8P0R2T4V', mode: 'rewrite' })).toMatchObject({ status: 404 });

        // A human text: nothing flagged.
        const human = await detected(token, HUMAN);
        if (human.paragraphFlagged === 0) expect(await refused({ id: human.id, mode: 'rewrite' })).toMatchObject({ status: 409, error: { code: 'NOTHING_FLAGGED' } });

        // Not finished: a draft detection.
        const { payload, headers } = await multipart({ title: '未提交', content: PAPER });
        const draftId = body<AigcRecord>(await t.app.inject({ method: 'POST', url: `${AIGC}/machine_init`, payload, headers: { ...headers, authorization: `Bearer ${token}` } })).result.id;
        expect(await refused({ id: draftId, mode: 'rewrite' })).toMatchObject({ status: 409, error: { code: 'TASK_NOT_FINISHED' } });
        expect((await expectNoChange(t.db, () => call('download', token, { query: { id: detection.id } }))).statusCode).toBe(409);

        // No money: refused before anything is stored.
        const poor = await paidUser(0);
        const poorDetection = await (async () => {
          await grant(t.db, await userIdOf(poor), 300);
          return detected(poor);
        })();
        const broke = await expectNoChange(t.db, () => call('aigc_machine_submit', poor, { payload: { id: poorDetection.id, mode: 'rewrite' } }));
        expect(body(broke).error).toMatchObject({ code: 'INSUFFICIENT_BALANCE' });

        // Twice: the second is refused.
        await lowered(token, detection.id);
        expect(await refused({ id: detection.id, mode: 'strong' })).toMatchObject({ status: 409, error: { code: 'TASK_ALREADY_SUBMITTED' } });
        await runJobs();
      });

      it('check_aigc_machine_submit makes the same record from paper_machine_api; check_aigc_and_machine_submit checks, detects, rewrites and measures again', async () => {
        const token = await paidUser();
        const detection = await detected(token);
        const fromAigc = await post(t.app, `${PAPER_API}/check_aigc_machine_submit`, { token, payload: { aigcId: detection.id, mode: 'polish' } });
        expect(fromAigc.statusCode, fromAigc.body).toBe(200);
        const record = body<{ id: string; source: string; mode: string; status: string }>(fromAigc).result;
        expect(record).toMatchObject({ source: 'aigc', mode: 'polish', status: 'queued' });

        const { payload, headers } = await multipart({ title: '查重检测并降重', content: PAPER, mode: 'rewrite' });
        const init = await t.app.inject({ method: 'POST', url: `${PAPER_API}/machine_init`, payload, headers: { ...headers, authorization: `Bearer ${token}` } });
        expect(init.statusCode, init.body).toBe(200);
        const draft = body<{ id: string; priceFen: number }>(init).result;
        const both = await post(t.app, `${PAPER_API}/check_aigc_and_machine_submit`, { token, payload: { id: draft.id, mode: 'strong' } });
        expect(both.statusCode, both.body).toBe(200);
        const queued = body<{ id: string; source: string; priceFen: number }>(both).result;
        expect(queued.source).toBe('check-aigc');
        expect(queued.priceFen).toBeGreaterThan(draft.priceFen);
        expect(await ledger(queued.id)).toEqual([{ kind: 'charge', amount_fen: -queued.priceFen }]);
        const twice = await expectNoChange(t.db, () => post(t.app, `${PAPER_API}/check_aigc_and_machine_submit`, { token, payload: { id: draft.id, mode: 'strong' } }));
        expect(body(twice).error).toMatchObject({ code: 'TASK_ALREADY_SUBMITTED' });
        await runJobs();
        const done = body<{ status: string; similarityBefore: number | null; similarityAfter: number | null; aigcBefore: number | null; aigcAfter: number | null }>(
          await post(t.app, `${PAPER_API}/load_by_id`, { token, query: { id: queued.id } }),
        ).result;
        expect(done.status).toBe('done');
        for (const figure of [done.similarityBefore, done.similarityAfter, done.aigcBefore, done.aigcAfter]) expect(figure).not.toBeNull();
        const pairs = body<{ records: Array<{ original: string; rewritten: string; aigcBefore: number | null; aigcAfter: number | null }> }>(
          await post(t.app, `${PAPER_API}/query_content_list`, { token, query: { id: queued.id, pageSize: 100 } }),
        ).result.records;
        expect(pairs.some((p) => p.rewritten !== '')).toBe(true);
        for (const p of pairs) expect(p.aigcBefore).not.toBeNull();
      });
    } else {
      it('a model failure fails the task cleanly with a Chinese reason, refunded once', async () => {
        const token = await paidUser();
        const detection = await detected(token);
        fake!.script('500', '500', '500', '500', '500', '500', '500', '500');
        const queued = await lowered(token, detection.id, 'strong');
        await runJobs();
        const failed = body<AigcRecord>(await call('load_by_id', token, { query: { id: queued.id } })).result;
        expect(failed.status).toBe('failed');
        expect(failed.error).toContain('费用已退回');
        expect(await ledger(queued.id)).toEqual([
          { kind: 'charge', amount_fen: -queued.priceFen },
          { kind: 'refund', amount_fen: queued.priceFen },
        ]);
      });
    }
  });
}

suite('降AIGC without a model (offline engine)', false);
suite('降AIGC with a model (fake model)', true);
