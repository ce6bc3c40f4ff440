export { downloadReport } from './download';
export { initCheck, updateTitle, wordCount } from './drafts';
export { listChecks, loadCheck } from './records';
export { deleteCheck } from './remove';
export { reportAnswer } from './report';
export { runCheck } from './run';
export { checkCost, submitCheck } from './submit';
