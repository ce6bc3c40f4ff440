import { notImplementedHandlers } from './not-implemented';

// The ppt area is not built yet: every call answers 501 NOT_IMPLEMENTED.
export const pptHandlers = notImplementedHandlers(
  'aiPptInfoGetTemplateList',
  'aiSysConfigLoadAllByEntity',
  'aiPptInfoSaveOrUpdate',
  'aiPptInfoQueryList',
  'aiPptInfoDelete',
  'aiSysConfigLoadById',
  'aiPptInfoSubmitById',
  'aiPptInfoDownload',
  'aiPptInfoLoadById',
);
