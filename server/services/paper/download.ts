import type { AppContext } from '../../context';
import { DEGREE_NAMES } from '../../engines/writing/types';
import { safeFileName } from '../rewrite/docx';
import { loadOwnPaper, type PaperApi, paperNotReady, sectionsOf } from './records';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

const ACKNOWLEDGEMENT_TEMPLATE =
  '（致谢模板，请按实际情况修改）本论文是在××老师的悉心指导下完成的。从选题、拟定大纲到撰写与修改，老师都给予了耐心的指导和帮助，在此表示衷心的感谢。同时感谢学院各位老师的教诲，感谢同学和家人的支持与鼓励。';

/** download: the finished paper as .docx (cover, abstract, contents, numbered headings, the user's references, 致谢). */
export async function downloadPaper(app: AppContext, userId: string, id: string, api?: PaperApi) {
  const { task, paper } = await loadOwnPaper(app.db, userId, id, api);
  if (paper.stage !== 'done') throw paperNotReady();
  const rows = await sectionsOf(app.db, id);
  const thanks = paper.materials.find((m) => m.kind === 'acknowledgement' && m.status === 'done')?.content;
  const date = app.now();
  const body = await app.compute.buildPaperDocx({
    doc: {
      title: task.title,
      author: paper.author,
      institution: paper.institution,
      kind: paper.degree === 'journal' ? '学术论文' : `${DEGREE_NAMES[paper.degree]}毕业论文`,
      date: `${date.getFullYear()}年${date.getMonth() + 1}月`,
      abstract: paper.abstract,
      keywords: paper.keywords,
      englishAbstract: paper.englishAbstract ? paper.abstractEn : null,
      sections: rows.map((r) => ({ level: r.level === 1 ? 1 : r.level === 2 ? 2 : 3, heading: r.heading, content: r.content })),
      references: paper.references,
      acknowledgement: paper.form === 'journal' ? undefined : (thanks ?? ACKNOWLEDGEMENT_TEMPLATE),
    },
  });
  return { filename: safeFileName(task.title, '论文'), contentType: DOCX, body };
}
