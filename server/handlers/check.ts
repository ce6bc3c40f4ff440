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
  | 'checkReportParagraphs';

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
};
