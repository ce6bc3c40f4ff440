import { http } from 'msw';
import { consistent } from '../consistency';
import { notFound, ok, unauthorized } from '../envelope';
import { getPaperAigcMachineInitResponseMock } from '../gen/aigc/aigc.msw';
import { getMachineMachineCnkiInitResponseMock } from '../gen/rewrite/rewrite.msw';
import { checkArea } from './check';
import { aigcArea } from './records';
import { userOf } from './auth-state';
import { type Row, readBody } from './request';

// The next steps of a 查重 report (src/features/check/report/next-steps.tsx): 学术库降重 and AIGC检测 of the
// check's own text, sent as the checkId alone. Any other init (a pasted or uploaded paper) is left to the
// generated handlers and the record stores. The rewording record opens on the seeded comparison view
// (/papermachine/content/1), as 降AIGC's does (aigc-lower.ts); the detection joins the detections list.

/** Drafts of 学术库降重 made from a report in this session, until paid or deleted. */
const drafts = new Map<string, Row>();
let made = 0;

/** The finished check a request names when it sends a checkId and no paper; undefined otherwise. */
async function fromCheck(request: Request): Promise<{ check?: Row; title: string } | undefined> {
  const form = await request.clone().formData().catch(() => null);
  const checkId = form?.get('checkId');
  if (!form || typeof checkId !== 'string' || form.get('content') || form.get('file')) return undefined;
  const check = checkArea.store.find(checkId);
  return { check: check?.status === 'done' ? check : undefined, title: String(form.get('title') ?? check?.title ?? '') };
}

/** A handler for the requests it recognises (signed in, or 401); for any other it answers nothing, so the next handler does. */
const own = (handler: (request: Request) => Promise<Response | undefined> | Response | undefined) => async ({ request }: { request: Request }) => {
  const answer = await handler(request);
  return answer && !userOf(request) ? unauthorized() : answer;
};

export const fromReportOverrides = [
  http.post('*/api/base/machine_api/machine_cnki_init', own(async (request) => {
    const asked = await fromCheck(request);
    if (!asked) return undefined;
    if (!asked.check) return notFound();
    const id = `cnki-from-${asked.check.id}-${++made}`;
    const draft = consistent({
      ...getMachineMachineCnkiInitResponseMock().result,
      id,
      title: asked.title,
      status: 'draft',
      progress: 0,
      mode: 'cnki',
      source: 'upload',
      charCount: asked.check.charCount,
      createdAt: new Date().toISOString(),
      sourceCheckId: asked.check.id,
      recheckId: null,
      paragraphTotal: 0,
      paragraphRewritten: 0,
      paragraphAccepted: 0,
    }) as Row;
    drafts.set(id, draft);
    return ok(draft);
  })),

  http.post('*/api/base/machine_api/machine_cnki_submit', own(async (request) => {
    const { id } = await readBody<{ id: string }>(request);
    const draft = id ? drafts.get(id) : undefined;
    if (!draft) return undefined;
    drafts.delete(draft.id);
    return ok({ ...draft, id: '1', status: 'queued' });
  })),

  http.post('*/api/base/machine_api/delete', own((request) => {
    const id = new URL(request.url).searchParams.get('id') ?? '';
    if (!drafts.delete(id)) return undefined;
    return ok({ id, deleted: true });
  })),

  http.post('*/api/base/paper_aigc_api/machine_init', own(async (request) => {
    const asked = await fromCheck(request);
    if (!asked) return undefined;
    if (!asked.check) return notFound();
    const detection = consistent({
      ...getPaperAigcMachineInitResponseMock().result,
      id: `aigc-from-${asked.check.id}-${++made}`,
      title: asked.title,
      status: 'draft',
      progress: 0,
      kind: 'detect',
      sourceType: 'paste',
      fileName: null,
      charCount: asked.check.charCount,
      createdAt: new Date().toISOString(),
    }) as Row;
    aigcArea.store.insert(detection);
    return ok(detection);
  })),

  // Paying such a detection finishes it at once with the figures of the seeded finished one.
  http.post('*/api/base/paper_aigc_api/machine_submit', own(async (request) => {
    const { id } = await readBody<{ id: string }>(request);
    const detection = id?.startsWith('aigc-from-') ? aigcArea.store.find(id) : undefined;
    if (!detection) return undefined;
    const { id: _id, title: _title, charCount: _chars, priceFen: _price, createdAt: _created, ...figures } = aigcArea.store.find('1') ?? { id: '' };
    aigcArea.store.update(detection.id, { ...figures, status: 'done', progress: 100, finishedAt: new Date().toISOString() });
    return ok(aigcArea.store.find(detection.id));
  })),
];

export function resetFromReportState(): void {
  drafts.clear();
  made = 0;
}
