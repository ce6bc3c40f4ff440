import { getPaperAigcLoadByIdResponseMock, getPaperAigcLoadContentByIdResponseMock, getPaperAigcQueryListResponseMock } from '../gen/aigc/aigc.msw';
import { getChatGptLoadByIdResponseMock, getChatGptQueryListResponseMock } from '../gen/chat/chat.msw';
import {
  getAiPaperInfoLoadByIdResponseMock,
  getAiPaperInfoQueryListResponseMock,
  getAiPaperInfoReloadResponseMock,
  getPaperInfoLoadByIdResponseMock,
  getPaperInfoQueryListResponseMock,
  getPaperInfoQueryPaperContentResponseMock,
} from '../gen/paper/paper.msw';
import {
  getMachineLoadByIdResponseMock,
  getMachineQueryListResponseMock,
  getPaperMachineLoadByIdResponseMock,
  getPaperMachineLoadContentByIdResponseMock,
  getPaperMachineQueryListResponseMock,
} from '../gen/rewrite/rewrite.msw';
import { checkArea } from './check';
import { pptArea } from './ppt';
import { aigcParagraphs, mockRewrite, paperMaterials, paperSections, paperText, rewritePairs } from './record-content';
import { recordArea } from './record-store';
import type { Row } from './request';

/** How often each mocked paragraph was re-run (each run another phrasing). */
const reruns = new Map<string, number>();

const rows = (page: { result: { records: object[] } }) => page.result.records as Row[];
const one = (response: { result: object }) => response.result as Row;

/** AIGC detections and 降AI records; a detection started from a 查重 report is added to it (from-report.ts). */
export const aigcArea = recordArea({
  base: '/api/base/paper_aigc_api',
  seed: () => rows(getPaperAigcQueryListResponseMock()),
  detail: () => one(getPaperAigcLoadByIdResponseMock()),
  spread: { kind: ['detect', 'lower'] },
  content: (row) => aigcParagraphs(row, () => one(getPaperAigcLoadContentByIdResponseMock())),
});

export const paperMachineArea = recordArea({
  base: '/api/base/paper_machine_api',
  seed: () => rows(getPaperMachineQueryListResponseMock()),
  detail: () => one(getPaperMachineLoadByIdResponseMock()),
  spread: { mode: ['rewrite', 'strong', 'polish'] },
  content: (row) => rewritePairs(row, () => one(getPaperMachineLoadContentByIdResponseMock())),
  itemUpdates: {
    accept_content: (_item, body) => ({ accepted: body.accepted === true }),
    // Queued now, rewritten again (another phrasing) a moment later, as the runner would.
    reload: (item, _body, later) => {
      const runs = (reruns.get(item.id) ?? 0) + 1;
      reruns.set(item.id, runs);
      setTimeout(() => later({ status: 'done', rewritten: mockRewrite(String(item.original), Number(item.index) + runs), accepted: true }), 1500);
      return { status: 'queued' };
    },
  },
});

export const machineArea = recordArea({
  base: '/api/base/machine_api',
  seed: () => rows(getMachineQueryListResponseMock()),
  detail: () => one(getMachineLoadByIdResponseMock()),
  spread: { mode: ['smart', 'cnki'] },
});

export const paperInfoArea = recordArea({
  base: '/api/base/paper_info_api',
  seed: () => rows(getPaperInfoQueryListResponseMock()),
  detail: () => one(getPaperInfoLoadByIdResponseMock()),
  content: (row) => paperSections(row, () => one(getAiPaperInfoReloadResponseMock())),
  views: {
    query_paper_content: (row) => paperText(row, () => one(getPaperInfoQueryPaperContentResponseMock())),
    load_other_by_id: paperMaterials,
  },
});

export const aiPaperArea = recordArea({
  base: '/api/base/ai_paper_info_api',
  seed: () => rows(getAiPaperInfoQueryListResponseMock()),
  detail: () => one(getAiPaperInfoLoadByIdResponseMock()),
  content: (row) => paperSections(row, () => one(getAiPaperInfoReloadResponseMock())),
});

/**
 * Every list the screens show, seeded once per session from the generated mocks: ids 1..12 in each, every
 * mode or kind of the area among them, details and content derived from the listed record.
 */
export const recordAreas = [
  checkArea,
  aigcArea,
  paperMachineArea,
  machineArea,
  paperInfoArea,
  aiPaperArea,
  pptArea,
  recordArea({
    base: '/api/base/chat_gpt_api',
    seed: () => rows(getChatGptQueryListResponseMock()),
    detail: () => one(getChatGptLoadByIdResponseMock()),
  }),
];
