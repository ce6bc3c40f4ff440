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
