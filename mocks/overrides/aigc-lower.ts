import { http } from 'msw';
import { badRequest, ok } from '../envelope';
import { readBody, withUser } from './request';

const MODES = ['rewrite', 'strong', 'polish'];

/**
 * 降AIGC in the mocked app: aigc_machine_submit answers a queued record of kind lower made from the chosen
 * detection. Its id is 1, the seeded rewording record the comparison view (/papermachine/content/1) shows,
 * so the screen the form opens has pairs with their AI probability before and after.
 */
export const aigcLowerOverrides = [
  http.post(
    '*/api/base/paper_aigc_api/aigc_machine_submit',
    withUser(async (request) => {
      const body = await readBody<{ id: string; mode: string }>(request);
      if (!body.id || !MODES.includes(String(body.mode))) return badRequest('请选择检测结果和降AIGC的改写方式');
      return ok({
        id: '1',
        title: '人工智能在自然语言处理中的应用',
        status: 'queued',
        progress: 0,
        priceFen: 500,
        charCount: 1260,
        createdAt: new Date().toISOString(),
        finishedAt: null,
        error: null,
        offline: false,
        kind: 'lower',
        author: '',
        sourceType: 'paste',
        fileName: null,
        method: null,
        aiCharRatio: null,
        band: null,
        score: null,
        aiCharCount: null,
        detector: null,
        paragraphTotal: 0,
        paragraphFlagged: 0,
        paragraphRewritten: 0,
        sourceId: body.id,
        mode: body.mode,
        aiCharRatioBefore: 0.4628,
        aiCharRatioAfter: null,
        recheckId: null,
      });
    }),
  ),
];
