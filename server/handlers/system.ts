import { health } from '../services/system/health';
import type { HandlerGroup } from './types';

export const systemHandlers: HandlerGroup<'systemHealth'> = {
  systemHealth: ({ app }) => health(app.db),
};
