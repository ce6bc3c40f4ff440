import { notImplementedHandlers } from './not-implemented';

// The aigc area is not built yet: every call answers 501 NOT_IMPLEMENTED.
export const aigcHandlers = notImplementedHandlers(
  'paperAigcQueryList',
  'paperAigcQueryContentList',
  'paperAigcDelete',
  'paperAigcLoadById',
  'paperAigcLoadContentById',
  'paperAigcWordCount',
  'paperAigcMachineInit',
  'paperAigcMachineSubmit',
  'paperAigcCheckOrderId',
  'paperAigcReload',
  'paperAigcDownloadReport',
  'paperAigcSubmitCheck',
  'paperAigcAigcMachineSubmit',
  'paperAigcDownload',
);
