import { describe, expect, it } from 'vitest';
import type { LlmGateway, LlmRequest } from '../llm';
import { rewriteDocument, rewriteParagraph } from './index';
import { type Candidate, candidateScore, judgeCandidate, modelRewrite, selectBest } from './model';
import { PARAGRAPH_END, PARAGRAPH_START } from './prompts';
import { findProtectedSpans, maskSpans } from './protect';

// Best of N: each candidate is unmasked and checked, scored with our own engines, the best that passed
// kept; none passing falls back to the offline engine, labelled offline. The model is a stub gateway that
// answers a given list of candidates in order (the fake model server is used by the job's API tests).

const ORIGINAL = '本文采用卷积神经网络对遥感图像进行分类，在UC Merced数据集上的分类精度达到了95.2%[3]。';

/** The masked paragraph as the model receives it. */
function maskedOf(request: LlmRequest): string {
  const user = request.messages[request.messages.length - 1].content;
  return user.slice(user.indexOf(PARAGRAPH_START) + PARAGRAPH_START.length, user.indexOf(PARAGRAPH_END)).trim();
}

/** A gateway answering each call with the next function of `answers` applied to the masked text. */
function stubGateway(answers: Array<(masked: string) => string>, configured = true) {
  const requests: LlmRequest[] = [];
  const gateway = {
    configured: () => configured,
    model: () => (configured ? 'stub' : null),
    models: () => ({ chat: null, rewrite: 'stub', writing: null, slides: null }),
    stream: () => {
      throw new Error('not used');
    },
    complete: async (request: LlmRequest) => {
      const answer = answers[requests.length % answers.length];
      requests.push(request);
      return { content: answer(maskedOf(request)), logprobs: [], record: {} as never };
    },
    supportsLogprobs: async () => false,
    load: () => ({ active: 0, queued: 0 }),
    forAccount(): LlmGateway {
      return this;
    },
  } satisfies LlmGateway;
  return { gateway, requests };
}

const candidate = (over: Partial<Candidate>): Candidate => ({ text: 'x', similarity: 0.5, overlap: 0.5, aigc: null, rejected: null, ...over });

describe('selectBest', () => {
  it('keeps the passing candidate with the lowest similarity (bigram overlap breaking near-ties)', () => {
    const list = [candidate({ text: 'a', similarity: 0.4 }), candidate({ text: 'b', similarity: 0.1 }), candidate({ text: 'c', similarity: 0.05, rejected: 'protected' })];
    expect(selectBest('rewrite', list)?.text).toBe('b');
    expect(selectBest('rewrite', [candidate({ text: 'a', similarity: 0.2, overlap: 0.3 }), candidate({ text: 'b', similarity: 0.2, overlap: 0.6 })])?.text).toBe('b');
  });

  it('polish keeps the most faithful candidate; aigc the lowest AI score', () => {
    const list = [candidate({ text: 'a', overlap: 0.9, similarity: 0.9, aigc: 0.8 }), candidate({ text: 'b', overlap: 0.6, similarity: 0.3, aigc: 0.1 })];
    expect(selectBest('polish', list)?.text).toBe('a');
    expect(selectBest('aigc', list)?.text).toBe('b');
    expect(candidateScore('aigc', list[1])).toBeLessThan(candidateScore('aigc', list[0]));
  });

  it('is null when every candidate was rejected', () => {
    expect(selectBest('strong', [candidate({ rejected: 'meaning' }), candidate({ rejected: 'placeholder' })])).toBeNull();
  });
});

describe('judgeCandidate', () => {
  const spans = findProtectedSpans(ORIGINAL);
  const { slots } = maskSpans(ORIGINAL, spans.filter((s) => s.kind !== 'technical'));

  it('rejects a lost placeholder, a lost protected span, a wrong length, lost meaning and an empty answer', () => {
    expect(judgeCandidate(ORIGINAL, '', slots, spans, [], 0.2, null).rejected).toBe('empty');
    expect(judgeCandidate(ORIGINAL, '本文改写了。', slots, spans, [], 0.2, null).rejected).toBe('placeholder');
    expect(judgeCandidate(ORIGINAL, ORIGINAL.replace('95.2%', '95%'), null, spans, [], 0.2, null).rejected).toBe('protected');
    expect(judgeCandidate(ORIGINAL, ORIGINAL.repeat(3), null, spans, [], 0.2, null).rejected).toBe('length');
    const unrelated = '今天天气晴朗，适合出门散步，大家心情都很好，一起去公园玩耍吧，傍晚再回家吃饭。';
    expect(judgeCandidate(ORIGINAL, unrelated, null, [], [], 0.2, null).rejected).toBe('meaning');
    const fine = judgeCandidate(ORIGINAL, ORIGINAL, null, spans, [], 0.2, null);
    expect(fine.rejected).toBeNull();
    expect(fine.similarity).toBe(1);
  });

  it('rejects a term split or infixed and a doubled particle, the same checks as the offline engine', () => {
    // The document's terms are checked on their own, even where no span of the paragraph covers them.
    const spans = findProtectedSpans(ORIGINAL, { technical: false });
    const terms = ['卷积神经网络', '遥感图像'];
    expect(judgeCandidate(ORIGINAL, ORIGINAL.replace('卷积神经网络', '卷积的神经网络'), null, spans, terms, 0.2, null).rejected).toBe('term');
    expect(judgeCandidate(ORIGINAL, ORIGINAL.replace('遥感图像', '遥感影像'), null, spans, terms, 0.2, null).rejected).toBe('term');
    expect(judgeCandidate(ORIGINAL, ORIGINAL.replace('数据集上的', '数据集上的的'), null, spans, terms, 0.2, null).rejected).toBe('grammar');
  });
});

describe('modelRewrite (best of N through the gateway)', () => {
  const spans = findProtectedSpans(ORIGINAL);
  // Candidates that keep the detected terms (卷积神经网络, 图像, 分类精度): the model sees them listed, not masked.
  const good = (m: string) => m.replace('本文采用', '本研究借助').replace('进行分类', '加以分类');
  const better = (m: string) => m.replace('本文采用卷积神经网络对遥感图像进行分类，', '针对遥感图像，本研究借助卷积神经网络加以归类，').replace('的分类精度达到了', '的分类精度高达');
  const dropsPlaceholder = (m: string) => m.replace(/⟦\d+⟧/u, '');

  it('asks N candidates and keeps the best that keeps every protected span', async () => {
    const { gateway, requests } = stubGateway([good, dropsPlaceholder, better]);
    const { best, candidates } = await modelRewrite({ text: ORIGINAL, mode: 'rewrite', spans, terms: [], gateway, settings: { candidates: 3, meaningFloor: 0.2 } });
    expect(requests).toHaveLength(3);
    for (const r of requests) {
      expect(r.feature).toBe('rewrite');
      expect(maskedOf(r)).not.toContain('95.2%');
      expect(maskedOf(r)).not.toContain('[3]');
    }
    expect(candidates.map((c) => c.rejected)).toEqual([null, 'placeholder', null]);
    expect(best?.text).toBe(better(ORIGINAL));
    expect(best!.similarity).toBeLessThanOrEqual(candidates[0].similarity);
  });

  it('rewriteDocument asks the model nothing for the paragraphs a resumed run skips, and hands them back unchanged', async () => {
    const text = `${ORIGINAL}\n${ORIGINAL.replace('遥感图像', '医学影像')}\n${ORIGINAL.replace('遥感图像', '街景照片')}`;
    const { gateway, requests } = stubGateway([better]);
    const result = await rewriteDocument(text, { mode: 'strong', gateway, candidates: 1, skip: [0, 2] });
    expect(requests.map(maskedOf).map((m) => m.includes('医学影像'))).toEqual([true]);
    expect(result.paragraphs.map((p) => p.changed)).toEqual([false, true, false]);
    expect(result.paragraphs[0].rewritten).toBe(ORIGINAL);
  });

  it('rewriteParagraph uses the model (offline false) and falls back to the offline engine when nothing passes', async () => {
    const model = await rewriteParagraph(ORIGINAL, { mode: 'strong', gateway: stubGateway([better]).gateway, candidates: 2 });
    expect(model.offline).toBe(false);
    expect(model.rewritten).toBe(better(ORIGINAL));
    expect(model.protectedKept).toBe(true);
    expect(model.sentences).toEqual([{ start: 0, end: [...ORIGINAL].length, status: 'rewritten' }]);

    const rejected = await rewriteParagraph(ORIGINAL, { mode: 'strong', gateway: stubGateway([dropsPlaceholder]).gateway, candidates: 2 });
    expect(rejected.offline).toBe(true);
    expect(rejected.protectedKept).toBe(true);
    // The offline fallback rewrites what it safely can; a sentence it cannot stays, marked as the model's rejection.
    const hard = '包裹体的均一温度为200℃，均一温度随深度增加。';
    const kept = await rewriteParagraph(hard, { mode: 'strong', gateway: stubGateway([(m) => m.replace('均一温度', '皆一温度')]).gateway, candidates: 2 });
    expect(kept.offline).toBe(true);
    expect(kept.rewritten.match(/均一温度/gu)).toHaveLength(2);
    expect(kept.sentences.map((s) => s.reason ?? s.status)).not.toContain('no-safe-edit');
    if (kept.rewritten === hard) expect(kept.sentences.every((s) => s.reason === 'model-rejected')).toBe(true);
  });

  it('never calls the model in smart mode or without a configured model', async () => {
    const smart = stubGateway([good]);
    expect((await rewriteParagraph(ORIGINAL, { mode: 'smart', gateway: smart.gateway })).offline).toBe(true);
    expect(smart.requests).toHaveLength(0);
    const off = stubGateway([good], false);
    expect((await rewriteParagraph(ORIGINAL, { mode: 'rewrite', gateway: off.gateway })).offline).toBe(true);
    expect(off.requests).toHaveLength(0);
  });

  it('a model error propagates (the job fails and refunds)', async () => {
    const gateway = { ...stubGateway([good]).gateway, complete: async () => Promise.reject(new Error('boom')) };
    await expect(rewriteParagraph(ORIGINAL, { mode: 'rewrite', gateway })).rejects.toThrow('boom');
  });
});
