import { describe, expect, it } from 'vitest';
import { WordTextCollector } from './word-xml';

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const MC = 'xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"';

function read(body: string, chunkSize = 7): { text: string; chars: number } {
  const collector = new WordTextCollector();
  const xml = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?><w:document ${W} ${MC}><w:body>${body}</w:body></w:document>`);
  // Small chunks split tags and multi-byte characters, as inflating does.
  for (let at = 0; at < xml.length; at += chunkSize) collector.write(xml.subarray(at, at + chunkSize));
  return { text: collector.finish(), chars: collector.chars };
}

const p = (...runs: string[]) => `<w:p>${runs.map((t) => `<w:r><w:t xml:space="preserve">${t}</w:t></w:r>`).join('')}</w:p>`;

describe('WordTextCollector', () => {
  it('reads one trimmed line per paragraph, joining runs, and counts as checkers count', () => {
    const { text, chars } = read(`${p('第一章 ', '绪论')}${p('  ')}${p('中文 and English。')}`);
    expect(text).toBe('第一章 绪论\n中文 and English。');
    expect(chars).toBe(10);
  });

  it('writes tabs and non-breaking hyphens, and reads entities and CDATA', () => {
    expect(read('<w:p><w:r><w:t>甲</w:t><w:tab/><w:t>乙&amp;丙</w:t><w:noBreakHyphen/><w:t><![CDATA[<丁>]]></w:t></w:r></w:p>').text).toBe(
      '甲\t乙&丙\u2011<丁>',
    );
  });

  it('leaves out deleted and moved-away revisions and keeps insertions', () => {
    const body = `<w:p><w:ins><w:r><w:t>新增</w:t></w:r></w:ins><w:del><w:r><w:delText>删除</w:delText></w:r></w:del><w:moveFrom><w:r><w:t>移走</w:t></w:r></w:moveFrom><w:r><w:t>保留</w:t></w:r></w:p>`;
    expect(read(body).text).toBe('新增保留');
  });

  it('joins a paragraph whose mark was deleted with the next one', () => {
    const body = `<w:p><w:pPr><w:rPr><w:del/></w:rPr></w:pPr><w:r><w:t>前半</w:t></w:r></w:p>${p('后半')}`;
    expect(read(body).text).toBe('前半后半');
  });

  it('leaves out deleted table rows and keeps the others, one line per cell paragraph', () => {
    const row = (text: string, deleted = false) =>
      `<w:tr>${deleted ? '<w:trPr><w:del/></w:trPr>' : ''}<w:tc>${p(text)}</w:tc></w:tr>`;
    expect(read(`<w:tbl>${row('第一行')}${row('删掉的行', true)}${row('第三行')}</w:tbl>`).text).toBe('第一行\n第三行');
  });

  it('reads the fallback of alternate content, not the choice as well', () => {
    const box = (text: string) => `<w:txbxContent>${p(text)}</w:txbxContent>`;
    const body = `<w:p><w:r><w:t>正文</w:t></w:r><w:r><mc:AlternateContent><mc:Choice Requires="wps">${box('文本框')}</mc:Choice><mc:Fallback>${box('文本框')}</mc:Fallback></mc:AlternateContent></w:r></w:p>`;
    expect(read(body).text).toBe('正文文本框');
  });

  it('ignores elements of other namespaces and the text between elements', () => {
    expect(read(`<w:p><w:r><x:t xmlns:x="urn:other">别的</x:t><w:t>只此</w:t></w:r>旁白</w:p>`).text).toBe('只此');
  });

  it('fails on XML that is not well-formed or ends early', () => {
    expect(() => read('<w:p><w:r><w:t>未闭合</w:r></w:p>')).toThrow();
    const collector = new WordTextCollector();
    collector.write(Buffer.from(`<w:document ${W}><w:body><w:p>`));
    expect(() => collector.finish()).toThrow();
  });
});
