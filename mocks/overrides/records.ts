import { getPaperAigcLoadByIdResponseMock, getPaperAigcQueryListResponseMock } from '../gen/aigc/aigc.msw';
import { getChatGptQueryListResponseMock } from '../gen/chat/chat.msw';
import {
  getAiPaperInfoLoadByIdResponseMock,
  getAiPaperInfoQueryListResponseMock,
  getPaperInfoLoadByIdResponseMock,
  getPaperInfoQueryListResponseMock,
} from '../gen/paper/paper.msw';
import { getAiPptInfoLoadByIdResponseMock, getAiPptInfoQueryListResponseMock } from '../gen/ppt/ppt.msw';
import {
  getMachineLoadByIdResponseMock,
  getMachineQueryListResponseMock,
  getPaperMachineLoadByIdResponseMock,
  getPaperMachineQueryListResponseMock,
} from '../gen/rewrite/rewrite.msw';
import { checkArea } from './check';
import { recordArea } from './record-store';
import type { Row } from './request';
const rows = (page: { result: { records: object[] } }) => page.result.records as Row[];
const one = (response: { result: object }) => response.result as Record<string, unknown>;

/** Every list the screens show, seeded once per session from the generated faker mocks. */
export const recordAreas = [
  checkArea,
  recordArea({ base: '/api/base/paper_aigc_api', seed: () => rows(getPaperAigcQueryListResponseMock()), detail: () => one(getPaperAigcLoadByIdResponseMock()) }),
  recordArea({ base: '/api/base/paper_machine_api', seed: () => rows(getPaperMachineQueryListResponseMock()), detail: () => one(getPaperMachineLoadByIdResponseMock()) }),
  recordArea({ base: '/api/base/machine_api', seed: () => rows(getMachineQueryListResponseMock()), detail: () => one(getMachineLoadByIdResponseMock()) }),
  recordArea({ base: '/api/base/paper_info_api', seed: () => rows(getPaperInfoQueryListResponseMock()), detail: () => one(getPaperInfoLoadByIdResponseMock()) }),
  recordArea({ base: '/api/base/ai_paper_info_api', seed: () => rows(getAiPaperInfoQueryListResponseMock()), detail: () => one(getAiPaperInfoLoadByIdResponseMock()) }),
  recordArea({ base: '/api/base/ai_ppt_info_api', seed: () => rows(getAiPptInfoQueryListResponseMock()), detail: () => one(getAiPptInfoLoadByIdResponseMock()) }),
  recordArea({ base: '/api/base/chat_gpt_api', seed: () => rows(getChatGptQueryListResponseMock()) }),
];
