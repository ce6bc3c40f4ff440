import type { AppContext } from '../context';
import {
  aigcWordCount,
  deleteDetection,
  detectionPayment,
  downloadAigcReport,
  initDetection,
  listDetections,
  listParagraphs,
  loadDetectionDetail,
  loadParagraph,
  reloadDetectionParagraph,
  submitDetection,
} from '../services/aigc';
import { pageOf } from '../services/paging';
import { notImplementedHandlers } from './not-implemented';
import type { HandlerGroup } from './types';

type DetectionOperations =
  | 'paperAigcQueryList'
  | 'paperAigcQueryContentList'
  | 'paperAigcDelete'
  | 'paperAigcLoadById'
  | 'paperAigcLoadContentById'
  | 'paperAigcWordCount'
  | 'paperAigcMachineInit'
  | 'paperAigcMachineSubmit'
  | 'paperAigcCheckOrderId'
  | 'paperAigcReload'
  | 'paperAigcDownloadReport';

/** Work queued: wake the in-process job runner. */
async function andWake<T>(app: AppContext, work: Promise<T>): Promise<T> {
  const result = await work;
  app.wakeJobs();
  return result;
}

/** AIGC detection (/aigccheck): built. */
export const aigcHandlers: HandlerGroup<DetectionOperations> = {
  paperAigcQueryList: ({ app, user, query, body }) => listDetections(app.db, user.id, pageOf(query), body ?? {}),
  paperAigcQueryContentList: ({ app, user, query }) => listParagraphs(app.db, user.id, query.id, pageOf(query)),
  paperAigcDelete: ({ app, user, query }) => deleteDetection(app, user.id, query.id),
  paperAigcLoadById: ({ app, user, query }) => loadDetectionDetail(app.db, user.id, query.id),
  paperAigcLoadContentById: ({ app, user, query }) => loadParagraph(app.db, user.id, query.id),
  paperAigcWordCount: ({ app, body }) => aigcWordCount(app, body.content),
  paperAigcMachineInit: ({ app, user, body }) => initDetection(app, user.id, body),
  paperAigcMachineSubmit: ({ app, user, body }) => andWake(app, submitDetection(app, user.id, body.id)),
  paperAigcCheckOrderId: ({ app, user, query }) => detectionPayment(app.db, user.id, query.id),
  paperAigcReload: ({ app, user, query }) => reloadDetectionParagraph(app, user.id, query.id),
  paperAigcDownloadReport: async ({ app, user, query }) => ({ kind: 'file', ...(await downloadAigcReport(app, user.id, query.id)) }),
};

// Lowering AI traces (降AI痕迹, 降AIGC) comes with the rewording issue: 501 until then.
export const aigcLowerHandlers = notImplementedHandlers('paperAigcSubmitCheck', 'paperAigcAigcMachineSubmit', 'paperAigcDownload');
