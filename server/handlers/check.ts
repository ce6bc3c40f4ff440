import {
  checkCost,
  deleteCheck,
  downloadReport,
  initCheck,
  listChecks,
  loadCheck,
  reportAnswer,
  submitCheck,
  updateTitle,
  wordCount,
} from '../services/check';
import { pageOf } from '../services/paging';
import {
  continueRewrite,
  downloadEdited,
  editedCheckCost,
  editParagraph,
  loadWorkbench,
  paperAigc,
  stepHistory,
  submitEditedCheck,
  suggestOffline,
  suggestWithModel,
} from '../services/workbench';
import type { HandlerGroup } from './types';
import { andWake } from './wake';

type CheckOperations =
  | 'checkQueryList'
  | 'checkWordCount'
  | 'checkDelete'
  | 'checkLoadById'
  | 'checkUpdateTitle'
  | 'checkCheckInit'
  | 'checkCheckSubmit'
  | 'checkCheckCost'
  | 'checkCheckMachineSubmit'
  | 'checkDownloadReport'
  | 'checkReportParagraphs'
  | 'checkWorkbenchLoad'
  | 'checkWorkbenchRecheck'
  | 'checkWorkbenchUndo'
  | 'checkWorkbenchRedo'
  | 'checkWorkbenchSuggest'
  | 'checkWorkbenchSuggestModel'
  | 'checkWorkbenchAigc'
  | 'checkWorkbenchDownload'
  | 'checkWorkbenchCheckCost'
  | 'checkWorkbenchSubmitCheck'
  | 'checkWorkbenchFromRewrite';

export const checkHandlers: HandlerGroup<CheckOperations> = {
  checkQueryList: ({ app, user, query, body }) => listChecks(app.db, user.id, pageOf(query), body ?? {}),
  checkWordCount: ({ app, body }) => wordCount(app, body.content),
  checkDelete: ({ app, user, query }) => deleteCheck(app, user.id, query.id),
  checkLoadById: ({ app, user, query }) => loadCheck(app.db, user.id, query.id),
  checkUpdateTitle: ({ app, user, query, body }) => updateTitle(app, user.id, query.id, body),
  checkCheckInit: ({ app, user, body }) => initCheck(app, user.id, body),
  checkCheckSubmit: ({ app, user, body }) => andWake(app, submitCheck(app, user.id, body)),
  checkCheckCost: ({ app, user, body }) => checkCost(app, user.id, body.id),
  checkCheckMachineSubmit: ({ app, user, body }) =>
    andWake(app, submitCheck(app, user.id, { id: body.id, rewriteMode: body.mode })),
  checkDownloadReport: async ({ app, user, query }) => ({
    kind: 'file',
    ...(await downloadReport(app, user.id, query.id, query.format)),
  }),
  checkReportParagraphs: ({ app, user, query }) => reportAnswer(app.db, user.id, query.id),
  checkWorkbenchLoad: ({ app, user, query }) => loadWorkbench(app, user.id, query.id),
  checkWorkbenchRecheck: ({ app, user, body }) => editParagraph(app, user.id, body),
  checkWorkbenchUndo: ({ app, user, query }) => stepHistory(app, user.id, query.id, 'undo'),
  checkWorkbenchRedo: ({ app, user, query }) => stepHistory(app, user.id, query.id, 'redo'),
  checkWorkbenchSuggest: ({ app, user, body }) => suggestOffline(app, user.id, body),
  checkWorkbenchSuggestModel: ({ app, user, body }) => suggestWithModel(app, user.id, body),
  checkWorkbenchAigc: ({ app, user, query }) => paperAigc(app, user.id, query.id),
  checkWorkbenchDownload: async ({ app, user, query }) => ({
    kind: 'file',
    ...(await downloadEdited(app, user.id, query.id, query.marked ?? false)),
  }),
  checkWorkbenchCheckCost: ({ app, user, query }) => editedCheckCost(app, user.id, query.id),
  checkWorkbenchSubmitCheck: ({ app, user, query, body }) => submitEditedCheck(app, user.id, query.id, body.priceFen),
  checkWorkbenchFromRewrite: ({ app, user, query }) => continueRewrite(app, user.id, query.id),
};
