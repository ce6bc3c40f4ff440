export { downloadRewriteReport, downloadRewritten } from './docx';
export { initRewrite, rewriteWordCount } from './drafts';
export {
  acceptPair,
  deleteRewrite,
  listPairs,
  listRewrites,
  loadPair,
  loadRewrite,
  MACHINE_MODES,
  PAPER_MODES,
  rewritePayment,
} from './records';
export { fromCheckPlan, recheckPlan, recheckRewrite, reduce, reloadParagraph, rewriteSubmitPlan, submitFromCheck, submitRewrite } from './submit';
