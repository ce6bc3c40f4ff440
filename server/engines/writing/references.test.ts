import { describe, expect, it } from 'vitest';
import { detectReferenceFormat, formatAuthors, formatReference, normalizeReferences, parseReferences } from './references';

const BIB = `
@article{wang2021,
  author = {王明 and 李华},
  title = {基于{BERT}的中文短文本相似度计算},
  journal = {计算机工程},
  year = {2021}, volume = {47}, number = {6}, pages = {80--86}
}
@book{manning2008,
  author = "Manning, Christopher D. and Raghavan, Prabhakar and Sch{\\"u}tze, Hinrich and Doe, Jane",
  title = {Introduction to Information Retrieval},
  publisher = {Cambridge University Press}, address = {Cambridge}, year = 2008
}
@inproceedings{devlin2019, author={Jacob Devlin and Ming-Wei Chang}, title={BERT: Pre-training of Deep Bidirectional Transformers},
  booktitle={Proceedings of NAACL-HLT}, year={2019}, pages={4171-4186}}
`;

const RIS = `TY  - JOUR
AU  - 张伟
TI  - 学术不端文献检测技术综述
JO  - 情报科学
PY  - 2020
VL  - 38
IS  - 3
SP  - 152
EP  - 158
ER  - 
TY  - THES
AU  - 刘洋
TI  - 中文文本复述识别研究
PB  - 北京大学
CY  - 北京
PY  - 2019
ER  - 
`;

describe('references', () => {
  it('tells the formats apart', () => {
    expect(detectReferenceFormat(BIB)).toBe('bibtex');
    expect(detectReferenceFormat(RIS)).toBe('ris');
    expect(detectReferenceFormat('[1] 王明. 某文[J]. 某刊, 2020.')).toBe('plain');
  });

  it('formats BibTeX entries in GB/T 7714-2015 style', () => {
    const refs = parseReferences(BIB).references.map(formatReference);
    expect(refs).toEqual([
      '王明, 李华. 基于BERT的中文短文本相似度计算[J]. 计算机工程, 2021, 47(6): 80-86.',
      'MANNING C D, RAGHAVAN P, SCHÜTZE H, et al. Introduction to Information Retrieval[M]. Cambridge: Cambridge University Press, 2008.',
      'DEVLIN J, CHANG M-W. BERT: Pre-training of Deep Bidirectional Transformers[C]//Proceedings of NAACL-HLT. 2019: 4171-4186.',
    ]);
  });

  it('formats RIS records (journal article, thesis)', () => {
    expect(parseReferences(RIS).references.map(formatReference)).toEqual([
      '张伟. 学术不端文献检测技术综述[J]. 情报科学, 2020, 38(3): 152-158.',
      '刘洋. 中文文本复述识别研究[D]. 北京: 北京大学, 2019.',
    ]);
  });

  it('keeps a pasted list as written, numbering taken off, one entry a line', () => {
    const pasted = '[1] 王明, 李华. 基于BERT的中文短文本相似度计算[J]. 计算机工程, 2021, 47(6): 80-86.\n\n2. 张伟. 学术不端文献检测技术综述[J]. 情报科学, 2020, 38(3): 152-158\n（3）一条没有格式的文献';
    expect(normalizeReferences([pasted])).toEqual([
      '王明, 李华. 基于BERT的中文短文本相似度计算[J]. 计算机工程, 2021, 47(6): 80-86.',
      '张伟. 学术不端文献检测技术综述[J]. 情报科学, 2020, 38(3): 152-158.',
      '一条没有格式的文献.',
    ]);
    const [first] = parseReferences(pasted).references;
    expect(first).toMatchObject({ type: 'J', authors: ['王明', '李华'], title: '基于BERT的中文短文本相似度计算', year: '2021' });
  });

  it('lists at most three authors, then 等 or et al', () => {
    expect(formatAuthors(['甲', '乙', '丙', '丁'])).toBe('甲, 乙, 丙, 等');
    expect(formatAuthors(['John Smith', 'Mary-Ann Lee'])).toBe('SMITH J, LEE M-A');
  });
});
