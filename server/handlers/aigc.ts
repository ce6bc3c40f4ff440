import {
  aigcWordCount,
  deleteDetection,
  detectionPayment,
  downloadAigcReport,
  initDetection,
  listParagraphs,
  loadDetectionDetail,
  loadParagraph,
  reloadDetectionParagraph,
  submitDetection,
} from '../services/aigc';
import {
  downloadLowered,
  findLoweredParagraph,
  findLowering,
  loadLoweringDetail,
  loweredParagraphView,
  lowerDetection,
  redetectLowering,
  reloadLoweredParagraph,
} from '../services/aigc/lower';
import { listAigcRecords } from '../services/aigc/lower-list';
import { paymentStatus } from '../services/billing/charges';
import { pageOf } from '../services/paging';
import { deleteRewrite, listPairs } from '../services/rewrite';
import { requesterOf } from './requester';
import type { HandlerGroup } from './types';
import { andWake } from './wake';

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

/** AIGC detection (/aigccheck): built. */
export const aigcHandlers: HandlerGroup<DetectionOperations> = {
  // Records and paragraphs of both kinds: a 降AIGC record (kind lower) is a rewording record made from a detection.
  paperAigcQueryList: ({ app, user, query, body }) => listAigcRecords(app.db, user.id, pageOf(query), body ?? {}),
  paperAigcQueryContentList: async ({ app, user, query }) => {
    const lowering = await findLowering(app.db, user.id, query.id);
    if (!lowering) return listParagraphs(app.db, user.id, query.id, pageOf(query));
    if (lowering.task.status !== 'done') return { ...pageOf(query), total: 0, records: [] };
    const page = await listPairs(app.db, user.id, query.id, pageOf(query));
    const rows = await Promise.all(page.records.map((p) => findLoweredParagraph(app.db, user.id, p.id)));
    return { ...page, records: rows.flatMap((r) => (r ? [loweredParagraphView(r.pair)] : [])) };
  },
  paperAigcDelete: async ({ app, user, query }) =>
    (await findLowering(app.db, user.id, query.id)) ? deleteRewrite(app, user.id, query.id, 'paper') : deleteDetection(app, user.id, query.id),
  paperAigcLoadById: async ({ app, user, query }) =>
    (await findLowering(app.db, user.id, query.id)) ? loadLoweringDetail(app.db, user.id, query.id) : loadDetectionDetail(app.db, user.id, query.id),
  paperAigcLoadContentById: async ({ app, user, query }) => {
    const lowered = await findLoweredParagraph(app.db, user.id, query.id);
    return lowered ? loweredParagraphView(lowered.pair) : loadParagraph(app.db, user.id, query.id);
  },
  paperAigcWordCount: ({ app, body }) => aigcWordCount(app, body.content),
  paperAigcMachineInit: ({ app, user, body }) => initDetection(app, user.id, body),
  paperAigcMachineSubmit: ({ app, user, body }) => andWake(app, submitDetection(app, user.id, body.id)),
  paperAigcCheckOrderId: async ({ app, user, query }) =>
    (await findLowering(app.db, user.id, query.id)) ? paymentStatus(app.db, user.id, query.id) : detectionPayment(app.db, user.id, query.id),
  paperAigcReload: async ({ app, user, query, request }) =>
    (await findLoweredParagraph(app.db, user.id, query.id))
      ? andWake(app, reloadLoweredParagraph(app, requesterOf(user, request), query.id))
      : reloadDetectionParagraph(app, requesterOf(user, request), query.id),
  paperAigcDownloadReport: async ({ app, user, query }) => ({ kind: 'file', ...(await downloadAigcReport(app, user.id, query.id)) }),
};

/** Lowering AI traces (降AI痕迹, 降AIGC): server/services/aigc/lower.ts, through the rewording job. */
export const aigcLowerHandlers: HandlerGroup<'paperAigcSubmitCheck' | 'paperAigcAigcMachineSubmit' | 'paperAigcDownload'> = {
  paperAigcAigcMachineSubmit: ({ app, user, body }) => andWake(app, lowerDetection(app, user.id, body.id, body.mode)),
  paperAigcSubmitCheck: ({ app, user, query }) => andWake(app, redetectLowering(app, user.id, query.id)),
  paperAigcDownload: async ({ app, user, query }) => ({ kind: 'file', ...(await downloadLowered(app, user.id, query.id)) }),
};
