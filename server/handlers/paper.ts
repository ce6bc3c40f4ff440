import { notImplementedHandlers } from './not-implemented';

// The paper area is not built yet: every call answers 501 NOT_IMPLEMENTED.
export const paperHandlers = notImplementedHandlers(
  'paperInfoQueryPaperContent',
  'paperInfoQueryContentList',
  'paperInfoQueryList',
  'paperInfoLoadById',
  'paperInfoDelete',
  'paperInfoReload',
  'paperInfoDownload',
  'paperInfoLoadOtherById',
  'paperInfoPaperXueshuSubmit',
  'paperInfoPaperSubmit',
  'aiPaperInfoGeneratePaper',
  'aiPaperInfoQueryList',
  'aiPaperInfoDelete',
  'aiPaperInfoQueryContentList',
  'aiPaperInfoLoadById',
  'aiPaperInfoCommitPaper',
  'aiPaperInfoReload',
  'aiPaperInfoDownload',
  'aiPaperInfoUpdateContent',
  'aiPaperInfoDeleteContent',
);
