import { notImplementedHandlers } from './not-implemented';

// The chat area is not built yet: every call answers 501 NOT_IMPLEMENTED.
export const chatHandlers = notImplementedHandlers(
  'chatGptQueryList',
  'chatGptCompletions',
  'chatGptLoadById',
  'chatGptDelete',
  'chatGptCompletionsStream',
);
