import { faker } from '@faker-js/faker/locale/zh_CN';
import type { RequestHandler } from 'msw';
import { generatedHandlers } from './generated-handlers';
import { resetAuthState } from './overrides/auth-state';
import { authOverrides } from './overrides/auth';
import { capabilitiesOverrides, resetCapabilitiesState } from './overrides/capabilities';
import { chargeOverrides } from './overrides/charges';
import { draftOverrides } from './overrides/drafts';
import { chatOverrides, resetChatState } from './overrides/chat';
import { type MockData, setMockData } from './overrides/data-mode';
import { freeUsesOverrides } from './overrides/free-uses';
import { orderOverrides } from './overrides/order';
import { resetOrderState } from './overrides/order-state';
import { checkOverrides, resetCheckState } from './overrides/check';
import { fromReportOverrides, resetFromReportState } from './overrides/from-report';
import { paperOverrides, resetPaperState } from './overrides/paper';
import { pptOverrides } from './overrides/ppt';
import { recordAreas } from './overrides/records';
import { resetWorkbenchState, workbenchOverrides } from './overrides/workbench';
import { SEED } from './seed';

/** Hand-written stateful overrides first; every generated handler answers whatever they leave. */
export const handlers: RequestHandler[] = [
  ...authOverrides,
  ...capabilitiesOverrides,
  ...freeUsesOverrides,
  ...orderOverrides,
  // A draft made from a report (checkId, nothing pasted) before the drafts made from a file or pasted text.
  ...fromReportOverrides,
  // Before the calls' own handlers: a charging call is priced and paid here, then answered by them.
  ...chargeOverrides,
  ...draftOverrides,
  ...checkOverrides,
  ...workbenchOverrides,
  ...chatOverrides,
  ...pptOverrides,
  ...paperOverrides,
  ...recordAreas.flatMap((area) => area.handlers),
  ...generatedHandlers,
];

/**
 * Starts the mocked server over: the same seeded records on every start (ids 1..12 in every list, every
 * new account with a short order history), or, with `data: 'empty'`, a brand-new account with nothing.
 */
export function resetMockState({ data = 'seeded' }: { data?: MockData } = {}): void {
  faker.seed(SEED);
  setMockData(data);
  resetAuthState();
  resetCapabilitiesState();
  resetOrderState();
  resetCheckState();
  resetWorkbenchState();
  resetChatState();
  resetPaperState();
  resetFromReportState();
  for (const area of recordAreas) area.reset();
}

resetMockState();
