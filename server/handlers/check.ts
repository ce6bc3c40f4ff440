import { notImplementedHandlers } from './not-implemented';

// The check area is not built yet: every call answers 501 NOT_IMPLEMENTED.
export const checkHandlers = notImplementedHandlers(
  'checkQueryList',
  'checkWordCount',
  'checkDelete',
  'checkLoadById',
  'checkUpdateTitle',
  'checkCheckInit',
  'checkCheckSubmit',
  'checkCheckCost',
  'checkCheckMachineSubmit',
  'checkDownloadReport',
  'checkReportParagraphs',
);
