import { rewriteFromDetection, submitCheckAndDetect } from '../services/aigc/lower';
import { pageOf } from '../services/paging';
import {
  acceptPair,
  deleteRewrite,
  downloadRewriteReport,
  downloadRewritten,
  initRewrite,
  listPairs,
  listRewrites,
  loadPair,
  loadRewrite,
  PAPER_MODES,
  recheckRewrite,
  reduce,
  reloadParagraph,
  rewritePayment,
  rewriteWordCount,
  submitFromCheck,
  submitRewrite,
} from '../services/rewrite';
import { requesterOf } from './requester';
import type { HandlerGroup } from './types';
import { andWake } from './wake';

type RewriteOperations =
  | 'paperMachineQueryList'
  | 'paperMachineQueryContentList'
  | 'paperMachineDelete'
  | 'paperMachineLoadById'
  | 'paperMachineLoadContentById'
  | 'paperMachineWordCount'
  | 'paperMachineMachineInit'
  | 'paperMachineMachineSubmit'
  | 'paperMachineReload'
  | 'paperMachineDownload'
  | 'paperMachineSubmitCheck'
  | 'paperMachineReduction'
  | 'paperMachineCheckMachineSubmit'
  | 'paperMachineAcceptContent'
  | 'machineQueryList'
  | 'machineDelete'
  | 'machineLoadById'
  | 'machineWordCount'
  | 'machineMachineCnkiInit'
  | 'machineMachineInit'
  | 'machineMachineCnkiSubmit'
  | 'machineMachineSubmit'
  | 'machineCheckOrderId'
  | 'machineDownloadReport';

const built: HandlerGroup<RewriteOperations> = {
  paperMachineQueryList: ({ app, user, query, body }) => listRewrites(app.db, user.id, 'paper', pageOf(query), body ?? {}),
  paperMachineQueryContentList: ({ app, user, query }) => listPairs(app.db, user.id, query.id, pageOf(query)),
  paperMachineDelete: ({ app, user, query }) => deleteRewrite(app, user.id, query.id, 'paper'),
  paperMachineLoadById: ({ app, user, query }) => loadRewrite(app.db, user.id, query.id),
  paperMachineLoadContentById: ({ app, user, query }) => loadPair(app.db, user.id, query.id),
  paperMachineWordCount: ({ app, body }) => rewriteWordCount(app, body.content, body.mode ?? 'rewrite'),
  paperMachineMachineInit: ({ app, user, body }) => initRewrite(app, user.id, body),
  paperMachineMachineSubmit: ({ app, user, body }) => andWake(app, submitRewrite(app, user.id, body.id, 'paper', PAPER_MODES)),
  paperMachineReload: ({ app, user, query, request }) => andWake(app, reloadParagraph(app, requesterOf(user, request), query.id)),
  paperMachineDownload: async ({ app, user, query }) => ({
    kind: 'file',
    ...(await downloadRewritten(app, user.id, query.id, query.marked ?? false)),
  }),
  paperMachineSubmitCheck: ({ app, user, query }) => andWake(app, recheckRewrite(app, user.id, query.id)),
  paperMachineReduction: ({ app, user, body, request }) => reduce(app, requesterOf(user, request), body),
  paperMachineCheckMachineSubmit: ({ app, user, body }) => andWake(app, submitFromCheck(app, user.id, body.checkId, body.mode)),
  paperMachineAcceptContent: ({ app, user, body }) => acceptPair(app, user.id, body.id, body.accepted),
  machineQueryList: ({ app, user, query, body }) => listRewrites(app.db, user.id, 'machine', pageOf(query), body ?? {}),
  machineDelete: ({ app, user, query }) => deleteRewrite(app, user.id, query.id, 'machine'),
  machineLoadById: ({ app, user, query }) => loadRewrite(app.db, user.id, query.id, 'machine'),
  machineWordCount: ({ app, body }) => rewriteWordCount(app, body.content, body.mode ?? 'smart'),
  machineMachineCnkiInit: ({ app, user, body }) => initRewrite(app, user.id, { ...body, mode: 'cnki' }),
  machineMachineInit: ({ app, user, body }) => initRewrite(app, user.id, { ...body, mode: 'smart' }),
  machineMachineCnkiSubmit: ({ app, user, body }) => andWake(app, submitRewrite(app, user.id, body.id, 'machine', ['cnki'])),
  machineMachineSubmit: ({ app, user, body }) => andWake(app, submitRewrite(app, user.id, body.id, 'machine', ['smart'])),
  machineCheckOrderId: ({ app, user, query }) => rewritePayment(app.db, user.id, query.id),
  machineDownloadReport: async ({ app, user, query }) => ({
    kind: 'file',
    ...(await downloadRewriteReport(app, user.id, query.id)),
  }),
};

export const rewriteHandlers = built;

// The two paper_machine_api flows that start from an AIGC report belong to AIGC lowering (tag aigc) and
// count with the aigc area for what is offered (server/services/aigc/lower.ts).
export const rewriteFromAigcHandlers: HandlerGroup<'paperMachineCheckAigcMachineSubmit' | 'paperMachineCheckAigcAndMachineSubmit'> = {
  paperMachineCheckAigcMachineSubmit: ({ app, user, body }) => andWake(app, rewriteFromDetection(app, user.id, body.aigcId, body.mode)),
  paperMachineCheckAigcAndMachineSubmit: ({ app, user, body }) => andWake(app, submitCheckAndDetect(app, user.id, body.id, body.mode)),
};
