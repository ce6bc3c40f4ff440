import { freeUsesOf } from '../services/free-uses';
import { capabilities } from '../services/system/capabilities';
import { health } from '../services/system/health';
import { requesterOf } from './requester';
import type { HandlerGroup } from './types';

export const systemHandlers: HandlerGroup<'systemHealth' | 'systemCapabilities' | 'accountInfoFreeUses'> = {
  systemHealth: ({ app }) => health(app.db, app.llm),
  systemCapabilities: ({ app }) => capabilities(app),
  accountInfoFreeUses: ({ app, user, request }) => freeUsesOf(app, requesterOf(user, request)),
};
