import { aigcHandlers, aigcLowerHandlers } from './aigc';
import { authHandlers } from './auth';
import { chatHandlers } from './chat';
import { checkHandlers } from './check';
import { builtAreas } from './not-implemented';
import { orderHandlers } from './order';
import { paperHandlers } from './paper';
import { pptHandlers } from './ppt';
import { rewriteFromAigcHandlers, rewriteHandlers } from './rewrite';
import { systemHandlers } from './system';
import { taskHandlers } from './task';
import type { Handlers } from './types';
import type { ServiceName } from '../services/system/capabilities';

/** Every operationId of the contract, one file per tag; a missing operation fails the type check. */
export const handlers: Handlers = {
  ...authHandlers,
  ...orderHandlers,
  ...taskHandlers,
  ...systemHandlers,
  ...checkHandlers,
  ...rewriteHandlers,
  ...rewriteFromAigcHandlers,
  ...aigcHandlers,
  ...aigcLowerHandlers,
  ...paperHandlers,
  ...chatHandlers,
  ...pptHandlers,
};

/** The services whose contract area has no 501 placeholder left (what the capabilities call offers). */
export const builtServices: ReadonlySet<ServiceName> = builtAreas<ServiceName>({
  check: checkHandlers,
  aigc: aigcHandlers,
  aigcLower: { ...aigcLowerHandlers, ...rewriteFromAigcHandlers },
  rewrite: rewriteHandlers,
  paper: paperHandlers,
  ppt: pptHandlers,
  chat: chatHandlers,
});
