import { taskProgress } from '../services/tasks/tasks';
import type { HandlerGroup } from './types';

export const taskHandlers: HandlerGroup<'taskProgress'> = {
  taskProgress: ({ app, user, body }) => taskProgress(app.db, user.id, body.ids),
};
