import { pageOf } from '../services/paging';
import {
  commitPaper,
  deleteContent,
  deletePaper,
  downloadPaper,
  generatePaper,
  listPapers,
  listSections,
  loadPaper,
  paperFullText,
  paperMaterials,
  reloadSection,
  submitClassicPaper,
  updateContent,
} from '../services/paper';
import { requesterOf } from './requester';
import type { HandlerGroup } from './types';
import { andWake } from './wake';

type PaperOperations =
  | 'paperInfoQueryPaperContent'
  | 'paperInfoQueryContentList'
  | 'paperInfoQueryList'
  | 'paperInfoLoadById'
  | 'paperInfoDelete'
  | 'paperInfoReload'
  | 'paperInfoDownload'
  | 'paperInfoLoadOtherById'
  | 'paperInfoPaperXueshuSubmit'
  | 'paperInfoPaperSubmit'
  | 'aiPaperInfoGeneratePaper'
  | 'aiPaperInfoQueryList'
  | 'aiPaperInfoDelete'
  | 'aiPaperInfoQueryContentList'
  | 'aiPaperInfoLoadById'
  | 'aiPaperInfoCommitPaper'
  | 'aiPaperInfoReload'
  | 'aiPaperInfoDownload'
  | 'aiPaperInfoUpdateContent'
  | 'aiPaperInfoDeleteContent';

// Paper writing (services/paper on the writing engine): ai_paper_info_api (title -> outline -> sections) and
// the classic one-form papers of paper_info_api.
export const paperHandlers: HandlerGroup<PaperOperations> = {
  paperInfoQueryPaperContent: ({ app, user, query }) => paperFullText(app, user.id, query.id, 'info'),
  paperInfoQueryContentList: ({ app, user, query }) => listSections(app.db, user.id, query.id, pageOf(query), 'info'),
  paperInfoQueryList: ({ app, user, query, body }) => listPapers(app.db, user.id, 'info', pageOf(query), body ?? {}),
  paperInfoLoadById: ({ app, user, query }) => loadPaper(app.db, user.id, query.id, 'info'),
  paperInfoDelete: ({ app, user, query }) => deletePaper(app, user.id, query.id, 'info'),
  paperInfoReload: ({ app, user, query }) => andWake(app, reloadSection(app, user.id, query.id, 'info')),
  paperInfoDownload: async ({ app, user, query }) => ({ kind: 'file', ...(await downloadPaper(app, user.id, query.id, 'info')) }),
  paperInfoLoadOtherById: ({ app, user, query }) => paperMaterials(app, user.id, query.id),
  paperInfoPaperXueshuSubmit: ({ app, user, body }) => andWake(app, submitClassicPaper(app, user.id, body, 'journal')),
  paperInfoPaperSubmit: ({ app, user, body }) => andWake(app, submitClassicPaper(app, user.id, body, 'thesis')),
  aiPaperInfoGeneratePaper: ({ app, user, body, request }) => generatePaper(app, requesterOf(user, request), body),
  aiPaperInfoQueryList: ({ app, user, query, body }) => listPapers(app.db, user.id, 'ai', pageOf(query), body ?? {}),
  aiPaperInfoDelete: ({ app, user, query }) => deletePaper(app, user.id, query.id, 'ai'),
  aiPaperInfoQueryContentList: ({ app, user, query }) => listSections(app.db, user.id, query.id, pageOf(query), 'ai'),
  aiPaperInfoLoadById: ({ app, user, query }) => loadPaper(app.db, user.id, query.id, 'ai'),
  aiPaperInfoCommitPaper: ({ app, user, body }) => andWake(app, commitPaper(app, user.id, body)),
  aiPaperInfoReload: ({ app, user, query }) => andWake(app, reloadSection(app, user.id, query.id, 'ai')),
  aiPaperInfoDownload: async ({ app, user, query }) => ({ kind: 'file', ...(await downloadPaper(app, user.id, query.id, 'ai')) }),
  aiPaperInfoUpdateContent: ({ app, user, body }) => updateContent(app, user.id, body.id, body.content),
  aiPaperInfoDeleteContent: ({ app, user, query }) => deleteContent(app, user.id, query.id),
};
