import { describe, expect, it } from 'vitest';
import { diffChars } from './char-diff';

describe('diffChars', () => {
  it('keeps the shared characters and marks what was removed and added, rebuilding both texts', () => {
    const before = '本文研究了指纹检测方法。';
    const after = '本文探讨了指纹识别手段。';
    const pieces = diffChars(before, after);
    expect(pieces.filter((p) => p.kind !== 'added').map((p) => p.text).join('')).toBe(before);
    expect(pieces.filter((p) => p.kind !== 'removed').map((p) => p.text).join('')).toBe(after);
    expect(pieces.filter((p) => p.kind === 'same').map((p) => p.text)).toEqual(['本文', '了指纹', '。']);
  });

  it('treats an unchanged paragraph as one shared piece and an empty rewrite as all removed', () => {
    expect(diffChars('不变的段落', '不变的段落')).toEqual([{ kind: 'same', text: '不变的段落' }]);
    expect(diffChars('原文', '')).toEqual([{ kind: 'removed', text: '原文' }]);
  });
});
