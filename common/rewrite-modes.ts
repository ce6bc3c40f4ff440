// How the ways of rewording are named to students, in the app and in what the server writes (ledger notes,
// the 降重 report): a record made from an AIGC report (source aigc) lowers the AI share, so it is a 降AIGC one.

export const MODE_LABELS: Record<string, string> = {
  rewrite: '降重',
  strong: '强力降重',
  polish: '润色改写',
  smart: '智能降重',
  cnki: '学术库降重',
};

const AIGC_MODE_LABELS: Record<string, string> = { rewrite: '降AIGC', strong: '强力降AIGC', polish: '润色降AIGC' };

export function modeLabel(record: { mode: string; source?: string }): string {
  return (record.source === 'aigc' ? AIGC_MODE_LABELS[record.mode] : MODE_LABELS[record.mode]) ?? record.mode;
}

/** The name of a record's downloadable report (the .docx of download_report). */
export function reportName(record: { source?: string }): string {
  return record.source === 'aigc' ? '降AIGC报告' : '降重报告';
}

/** The name of a record's rewritten paper (the .docx of download): a 降AIGC record's is 降AIGC结果. */
export function resultName(record: { source?: string }): string {
  return record.source === 'aigc' ? '降AIGC结果' : '降重结果';
}

/** Why a sentence was kept as it was (the contract's KeptReason), as the comparison view and the report say it. */
export const KEPT_REASON_LABELS: Record<string, string> = {
  title: '论文题目',
  heading: '章节标题',
  caption: '图表标题',
  keywords: '关键词',
  references: '参考文献及其后内容',
  'back-matter': '附录、致谢',
  'front-matter': '封面、目录、声明',
  formula: '公式',
  code: '代码',
  latin: '外文段落',
  'short-line': '表格、列表等短行',
  protected: '整句为引文、数字或术语',
  'no-safe-edit': '没有不伤原意与术语的改法',
  'not-selected': '不在改写范围内',
  'model-rejected': '大模型改写未通过检查，离线也无安全改法',
  'model-kept': '大模型保留了原句',
  'not-lowered': '离线改写未能降低 AI 概率',
};

/** "改写 12 句，保留 5 句（章节标题 2 句；附录、致谢 3 句）" from the counts of a record or a paragraph (；between reasons: some name two things). */
export function sentenceSummary(rewritten: number, kept: number, reasons: ReadonlyArray<{ reason: string; count: number }>): string {
  const why = reasons.map((r) => `${KEPT_REASON_LABELS[r.reason] ?? r.reason} ${r.count} 句`).join('；');
  return `改写 ${rewritten} 句，保留 ${kept} 句${why ? `（${why}）` : ''}`;
}

/** "术语保留：是（共 57 个）" or "术语保留：否，丢失 2 个：大语言模型、云计算". */
export function termSummary(checked: number | null, lost: readonly string[]): string {
  if (checked === null) return '术语保留：—';
  return lost.length ? `术语保留：否，丢失 ${lost.length} 个：${lost.join('、')}` : `术语保留：是（共 ${checked} 个）`;
}
