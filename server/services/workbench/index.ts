export { paperAigc } from './paper-aigc';
export { editParagraph, stepHistory } from './edit';
export { downloadEdited, editedCheckCost, submitEditedCheck } from './export';
export { continueRewrite } from './from-rewrite';
export { suggestOffline, suggestWithModel } from './suggest';
export { loadWorkbench } from './view';
