export const DEGREE_LABELS: Record<string, string> = {
  'junior-college': '专科',
  bachelor: '本科',
  master: '硕士',
  doctor: '博士',
  journal: '期刊',
};

export const STAGE_LABELS: Record<string, string> = { outline: '大纲', writing: '撰写中', done: '已完成' };

export const MATERIAL_LABELS: Record<string, string> = { proposal: '开题报告', 'literature-review': '文献综述', acknowledgement: '致谢' };
