import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { countChars } from '@common/char-count';
import { fromCodePoints, toCodePoints } from '../text/code-points';
import { bandOf } from './bands';
import { AIGC_MIN_CHARS, AIGC_MIN_PARAGRAPH_CHARS, detectAigc, scoreAigc } from './index';
import type { WeightsFile } from './model';
import { tinyModel } from './test/tiny-model';

// Fixtures written for the repository. With the tiny model (test/tiny-model.ts) a sentence holding an
// assistant set phrase is machine-written and any other is not, so the aggregation can be checked exactly.
const MACHINE = '一般来说，这种方法在实际应用中至关重要。';
const HUMAN = '昨天下午我们去操场踢球，踢到天黑才回家。';
const HUMAN2 = '老师说下周要交读书报告，我还没开始写呢。';

describe('detectAigc: aggregation', () => {
  const model = tinyModel();

  it('judges sentences, counts their characters and gives the document its AI字符占比 and band', () => {
    const text = `${MACHINE}${HUMAN}\n${HUMAN2}${HUMAN}`;
    const report = detectAigc(text, {}, model);
    expect(report.tooShort).toBe(false);
    expect(report.chars).toBe(countChars(text));
    expect(report.paragraphs).toHaveLength(2);
    const [first, second] = report.paragraphs;
    expect(first.sentences.map((s) => s.machine)).toEqual([true, false]);
    expect(second.sentences.map((s) => s.machine)).toEqual([false, false]);
    expect(first.aiChars).toBe(countChars(MACHINE));
    expect(first.chars).toBe(countChars(MACHINE + HUMAN));
    expect(report.aiChars).toBe(countChars(MACHINE));
    expect(report.aiCharRatio).toBeCloseTo(countChars(MACHINE) / countChars(text), 12);
    expect(report.band).toBe(bandOf(report.aiCharRatio));
    expect(first.band).toBe(bandOf(first.aiChars / first.chars));
    expect(second.band).toBe('none');
    // Probabilities: a sentence from its own span's log-odds (±2), a paragraph from the mean of its sentences'.
    expect(first.sentences[0].score).toBeCloseTo(1 / (1 + Math.exp(-2)), 9);
    expect(first.sentences[1].score).toBeCloseTo(1 / (1 + Math.exp(2)), 9);
    expect(second.score).toBeLessThan(0.5);
    // Reasons only for machine-judged sentences, in Chinese, naming the set phrases.
    expect(first.sentences[0].reasons.join('')).toContain('一般来说');
    expect(first.sentences[1].reasons).toEqual([]);
    expect(report.detector).toEqual({ name: 'moyan-aigc', version: 'test', threshold: 0.5, falseAccusationRate: 0.0123, llm: false });
  });

  it('gives offsets in code points (an astral character counts once) that cover every sentence', () => {
    const text = `𠀀𠀁${MACHINE}${HUMAN}\n\n  ${HUMAN2}${MACHINE}`;
    const codes = toCodePoints(text);
    const report = detectAigc(text, {}, model);
    const sentences = report.paragraphs.flatMap((p) => p.sentences);
    expect(sentences.map((s) => fromCodePoints(codes, s.start, s.end))).toEqual([`𠀀𠀁${MACHINE}`, HUMAN, HUMAN2, MACHINE]);
    expect(report.paragraphs.map((p) => [p.index, p.start, p.end])).toEqual([
      [0, 0, 2 + [...MACHINE].length + [...HUMAN].length],
      [1, codes.length - [...HUMAN2].length - [...MACHINE].length, codes.length],
    ]);
    expect(sentences.map((s) => s.machine)).toEqual([true, false, false, true]);
  });

  it('moves the decision with the threshold', () => {
    const text = `${MACHINE}${HUMAN}${HUMAN2}`;
    expect(detectAigc(text, { threshold: 0.95 }, model).aiChars).toBe(0);
    const all = detectAigc(text, { threshold: 0.01 }, model);
    expect(all.aiChars).toBe(all.chars);
    expect(all.band).toBe('high');
    expect(all.detector.threshold).toBe(0.01);
  });

  it('reports a text under AIGC_MIN_CHARS as too short: scored, but nothing judged machine-written', () => {
    const text = MACHINE + MACHINE;
    expect(countChars(text)).toBeLessThan(AIGC_MIN_CHARS);
    const report = detectAigc(text, { threshold: 0.01 }, model);
    expect(report.tooShort).toBe(true);
    expect(report.score).toBeGreaterThan(0.5);
    expect(report.aiChars).toBe(0);
    expect(report.aiCharRatio).toBe(0);
    expect(report.band).toBe('none');
    expect(report.paragraphs.every((p) => p.band === 'none' && p.sentences.every((s) => !s.machine && s.reasons.length === 0))).toBe(true);
    expect(detectAigc('', {}, model)).toMatchObject({ tooShort: true, chars: 0, score: 0, paragraphs: [] });
  });

  it('never judges the sentences of a paragraph under AIGC_MIN_PARAGRAPH_CHARS (a heading)', () => {
    const heading = '一般来说吧';
    expect(countChars(heading)).toBeLessThan(AIGC_MIN_PARAGRAPH_CHARS);
    const report = detectAigc(`${heading}\n${MACHINE}${HUMAN}${HUMAN2}`, {}, model);
    const [head, body] = report.paragraphs;
    expect(head.tooShort).toBe(true);
    expect(head.band).toBe('none');
    expect(head.sentences[0].score).toBeGreaterThan(0.5);
    expect(head.sentences[0].machine).toBe(false);
    expect(body.tooShort).toBe(false);
    expect(body.sentences[0].machine).toBe(true);
    expect(report.chars).toBe(countChars(heading) + body.chars);
  });

  it("combines a language model's curvature per paragraph when given one", () => {
    const text = `${HUMAN}${HUMAN2}\n${HUMAN2}${HUMAN}`;
    const offline = detectAigc(text, {}, model);
    const withLlm = detectAigc(text, { llm: { paragraphs: [3, null] } }, model);
    expect(withLlm.detector.llm).toBe(true);
    // weight 1: paragraph 0's log-odds move up by 3, paragraph 1's stay.
    expect(withLlm.paragraphs[0].sentences[0].score).toBeCloseTo(1 / (1 + Math.exp(2 - 3)), 9);
    expect(withLlm.paragraphs[0].sentences.every((s) => s.machine)).toBe(true);
    expect(withLlm.paragraphs[1].sentences).toEqual(offline.paragraphs[1].sentences);
    expect(withLlm.score).toBeGreaterThan(offline.score);
    expect(detectAigc(text, { llm: { paragraphs: [null, null] } }, model).detector.llm).toBe(false);
  });

  it('scores the document with the document forest when the model has one, paragraphs and sentences still with the span forest', () => {
    const text = `${MACHINE}${HUMAN}\n${HUMAN2}${HUMAN}`;
    // A document forest that says +3 whatever the inputs.
    const constant = { inputs: model.file.spanForest.inputs, base: 3, trees: [] };
    const withDocument = tinyModel({ documentForest: constant });
    const report = detectAigc(text, {}, withDocument);
    const without = detectAigc(text, {}, model);
    expect(report.score).toBeCloseTo(1 / (1 + Math.exp(-3)), 9);
    expect(without.score).not.toBeCloseTo(report.score, 3);
    expect(scoreAigc(text, withDocument)).toBeCloseTo(report.score, 12);
    expect(report.paragraphs.map((p) => p.score)).toEqual(without.paragraphs.map((p) => p.score));
    expect(report.paragraphs.flatMap((p) => p.sentences.map((s) => s.score))).toEqual(without.paragraphs.flatMap((p) => p.sentences.map((s) => s.score)));
  });
});

describe('detectAigc with the committed weights', () => {
  // Written for the repository in the manner of a chat-model answer and of a student's own notes.
  const assistant =
    '人工智能在教育领域的应用具有重要意义。首先，它能够根据学生的学习情况提供个性化的学习建议。其次，人工智能可以帮助教师减轻批改作业的负担，从而将更多精力投入到教学设计中。此外，智能辅导系统还可以实时分析学生的薄弱环节。总之，人工智能为教育的发展提供了新的机遇，但同时也需要注意数据隐私等问题。';
  const student =
    '这学期我选了三门课，说实话有点吃不消。周一早上八点的高数我已经迟到两回了，老师倒也没说啥。周三下午做实验，数据又没记全，只好下周再去补一次。室友劝我别熬夜，可作业真写不完啊。';

  it('scores a chat-style answer above a student’s own notes, with reasons for what it flags', () => {
    const machine = detectAigc(assistant);
    const human = detectAigc(student);
    expect(machine.score).toBeGreaterThan(0.5);
    expect(human.score).toBeLessThan(0.5);
    expect(machine.aiCharRatio).toBeGreaterThan(human.aiCharRatio);
    const flagged = machine.paragraphs.flatMap((p) => p.sentences).filter((s) => s.machine);
    expect(flagged.length).toBeGreaterThan(0);
    for (const s of flagged) {
      expect(s.reasons.length).toBeGreaterThan(0);
      expect(s.reasons.every((r) => /\p{Script=Han}/u.test(r))).toBe(true);
    }
  });

  it('gives the same document probability through scoreAigc (the CLI --jsonl path)', () => {
    for (const text of [assistant, student, `${assistant}\n${student}`, '短句']) expect(scoreAigc(text)).toBeCloseTo(detectAigc(text).score, 12);
  });

  it('carries its provenance: data set, licence, command, seed and the measured false-accusation rate', () => {
    const file = JSON.parse(readFileSync(new URL('./model/weights.json', import.meta.url), 'utf8')) as WeightsFile;
    expect(file.header.dataset).toContain('HC3-Plus');
    expect(file.header.licence).toContain('CC-BY-SA-4.0');
    expect(file.header.command).toContain('npm run train:aigc');
    expect(file.header.command).toContain(String(file.header.seed));
    const info = detectAigc(assistant).detector;
    expect(info.falseAccusationRate).toBe(file.falseAccusationRate);
    expect(info.falseAccusationRate).toBeLessThanOrEqual(0.05);
    expect(info.version).toBe(file.header.version);
  });
});
