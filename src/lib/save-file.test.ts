import { describe, expect, it } from 'vitest';
import { fileNameOf } from './save-file';

describe('fileNameOf', () => {
  it('names a download after its title without reserved characters, with its suffix and extension', () => {
    expect(fileNameOf('基于 BERT 的  文本/相似度:研究', 'pdf', { suffix: '查重报告' })).toBe('基于 BERT 的 文本 相似度 研究-查重报告.pdf');
    expect(fileNameOf('数字经济', 'docx')).toBe('数字经济.docx');
  });

  it('keeps at most 60 characters of the title and falls back when nothing is left', () => {
    expect(fileNameOf('论'.repeat(80), 'docx')).toBe(`${'论'.repeat(60)}.docx`);
    expect(fileNameOf(' /:* ', 'pptx', { fallback: '演示文稿' })).toBe('演示文稿.pptx');
    expect(fileNameOf('', 'pdf', { suffix: 'AIGC检测报告' })).toBe('论文-AIGC检测报告.pdf');
  });
});
