import { capabilities } from '../services/system/capabilities';
import { health } from '../services/system/health';
import type { HandlerGroup } from './types';

export const systemHandlers: HandlerGroup<'systemHealth' | 'systemCapabilities'> = {
  systemHealth: ({ app }) => health(app.db, app.llm),
  systemCapabilities: ({ app }) => capabilities(app),
};
