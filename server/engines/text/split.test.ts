import { describe, expect, it } from 'vitest';
import { fromCodePoints, toCodePoints } from './code-points';
import { splitParagraphs, splitSentences } from './split';

function sentences(text: string): string[] {
  const codes = toCodePoints(text);
  return splitParagraphs(codes).flatMap((p) => splitSentences(codes, p).map((s) => fromCodePoints(codes, s.start, s.end)));
}

describe('splitParagraphs', () => {
  it('makes every non-blank line a paragraph and trims it, keeping offsets into the original', () => {
    const text = '  第一段。\r\n\r\n\u3000\u3000第二段！\n   \n第三段';
    const codes = toCodePoints(text);
    const paragraphs = splitParagraphs(codes);
    expect(paragraphs.map((p) => fromCodePoints(codes, p.start, p.end))).toEqual(['第一段。', '第二段！', '第三段']);
    expect(paragraphs[0]).toEqual({ start: 2, end: 6 });
  });
});

describe('splitSentences', () => {
  it('splits on Chinese 。！？； and keeps closing quotes and citation markers', () => {
    expect(sentences('他说：“这是对的。”[1]我们同意！真的吗？是的；结束')).toEqual([
      '他说：“这是对的。”[1]',
      '我们同意！',
      '真的吗？',
      '是的；',
      '结束',
    ]);
  });

  it('splits English sentences on . ! ? followed by a space but not decimals', () => {
    expect(sentences('The value is 3.14 here. Is it? Yes!')).toEqual(['The value is 3.14 here.', 'Is it?', 'Yes!']);
  });

  it('keeps runs of stops and ellipses together', () => {
    expect(sentences('真的吗？！好吧……然后')).toEqual(['真的吗？！', '好吧……', '然后']);
  });
});
