import { describe, expect, it } from 'vitest';
import type { CheckReport } from '../../engines/similarity/types';
import { rewriteDocument } from '../../engines/rewrite';
import { flaggedSentences } from './run';

// 学术库降重 rewrites only the sentences our own 查重 marked (red or orange): the report's sentence offsets
// become the engine's ranges, a paragraph 查重 did not flag is not selected at all.

const COPIED = '随着互联网技术的快速发展，网络舆情的传播速度和影响范围不断扩大，对社会治理提出了新的挑战。';
const OWN = '我们在三个城市做了访谈。';
const CLEAN = '本章最后给出全文的结构安排与各章的主要内容。';

type Paragraph = CheckReport['paragraphs'][number];
const paragraph = (text: string, ratio: number, sentences: Array<[number, number, 'red' | 'orange' | 'cited' | 'none']>): Paragraph =>
  ({ text, ratio, sentences: sentences.map(([start, end, mark]) => ({ start, end, mark, sourceId: null })) }) as unknown as Paragraph;

describe('学术库降重: only the sentences 查重 marked', () => {
  const first = COPIED + OWN;
  const copiedEnd = [...COPIED].length;
  const report = {
    paragraphs: [
      paragraph(first, 0.8, [
        [0, copiedEnd, 'red'],
        [copiedEnd, [...first].length, 'none'],
      ]),
      paragraph(CLEAN, 0, [[0, [...CLEAN].length, 'none']]),
    ],
  };

  it('selects the marked sentences of flagged paragraphs by their offsets', () => {
    expect(flaggedSentences(report)).toEqual({ [first]: [[0, copiedEnd]] });
  });

  it('the engine rewrites the marked sentence and keeps the rest of the paragraph and the unflagged paragraph', async () => {
    const result = await rewriteDocument(`${first}\n${CLEAN}`, { mode: 'cnki', seed: 4, only: flaggedSentences(report) });
    const [a, b] = result.paragraphs;
    expect(a.rewritten.endsWith(OWN)).toBe(true);
    expect(a.rewritten.startsWith(COPIED)).toBe(false);
    expect(b.rewritten).toBe(CLEAN);
    expect(b.changed).toBe(false);
  });

  it('a flagged paragraph without marked sentences is rewritten whole', () => {
    expect(flaggedSentences({ paragraphs: [paragraph(OWN, 0.3, [[0, [...OWN].length, 'cited']])] })).toEqual({ [OWN]: true });
  });
});
