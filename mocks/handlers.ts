import { faker } from '@faker-js/faker/locale/zh_CN';
import type { RequestHandler } from 'msw';
import * as generated from './gen/index.msw';
import { resetAuthState } from './overrides/auth-state';
import { authOverrides } from './overrides/auth';
import { capabilitiesOverrides, resetCapabilitiesState } from './overrides/capabilities';
import { orderOverrides } from './overrides/order';
import { resetOrderState } from './overrides/order-state';
import { checkOverrides, resetCheckState } from './overrides/check';
import { recordAreas } from './overrides/records';

/** Same data on every start, so a walk through the mocked app is repeatable. */
const SEED = 2026;

/** Hand-written stateful overrides first; every generated handler answers whatever they leave. */
export const handlers: RequestHandler[] = [
  ...authOverrides,
  ...capabilitiesOverrides,
  ...orderOverrides,
  ...checkOverrides,
  ...recordAreas.flatMap((area) => area.handlers),
  ...Object.values(generated).flatMap((tagHandlers) => tagHandlers()),
];

export function resetMockState(): void {
  faker.seed(SEED);
  resetAuthState();
  resetCapabilitiesState();
  resetOrderState();
  resetCheckState();
  for (const area of recordAreas) area.reset();
}

resetMockState();
