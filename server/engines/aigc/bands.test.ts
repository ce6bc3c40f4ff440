import { describe, expect, it } from 'vitest';
import { AIGC_BANDS, bandLabel, bandOf } from './bands';

describe('AIGC bands', () => {
  it('reads AI字符占比 against the documented thresholds, from the top', () => {
    expect(bandOf(0)).toBe('none');
    expect(bandOf(0.0999)).toBe('none');
    expect(bandOf(0.1)).toBe('low');
    expect(bandOf(0.2999)).toBe('low');
    expect(bandOf(0.3)).toBe('medium');
    expect(bandOf(0.5999)).toBe('medium');
    expect(bandOf(0.6)).toBe('high');
    expect(bandOf(1)).toBe('high');
  });

  it('names the bands in Chinese, from 高度疑似 down to 未见异常', () => {
    expect(AIGC_BANDS.map((b) => [b.band, b.min])).toEqual([
      ['high', 0.6],
      ['medium', 0.3],
      ['low', 0.1],
      ['none', 0],
    ]);
    expect(['high', 'medium', 'low', 'none'].map((b) => bandLabel(b as 'high'))).toEqual(['高度疑似', '中度疑似', '轻度疑似', '未见异常']);
  });
});
