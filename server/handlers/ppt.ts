import { pageOf } from '../services/paging';
import {
  deleteDeck,
  downloadDeck,
  listDecks,
  loadAllByEntity,
  loadConfigById,
  loadDeck,
  paperInit,
  saveOrUpdate,
  submitDeck,
  templateList,
} from '../services/ppt';
import { requesterOf } from './requester';
import type { HandlerGroup } from './types';
import { andWake } from './wake';

type PptOperations =
  | 'aiPptInfoGetTemplateList'
  | 'aiSysConfigLoadAllByEntity'
  | 'aiPptInfoSaveOrUpdate'
  | 'aiPptInfoPaperInit'
  | 'aiPptInfoQueryList'
  | 'aiPptInfoDelete'
  | 'aiSysConfigLoadById'
  | 'aiPptInfoSubmitById'
  | 'aiPptInfoDownload'
  | 'aiPptInfoLoadById';

// ai_ppt_info_api and ai_sys_config_api: slide decks from a topic (the model) or a paper (offline, refined by
// the model when configured), edited as a deck model and rendered to .pptx by the ppt job.
export const pptHandlers: HandlerGroup<PptOperations> = {
  aiPptInfoGetTemplateList: async () => templateList(),
  aiSysConfigLoadAllByEntity: ({ app, body }) => loadAllByEntity(app.db, body.entity),
  aiSysConfigLoadById: ({ app, query }) => loadConfigById(app.db, query.id),
  aiPptInfoSaveOrUpdate: ({ app, user, body, request }) => saveOrUpdate(app, requesterOf(user, request), body),
  aiPptInfoPaperInit: ({ app, user, body, request }) => paperInit(app, requesterOf(user, request), body),
  aiPptInfoQueryList: ({ app, user, query, body }) => listDecks(app.db, user.id, pageOf(query), body ?? {}),
  aiPptInfoDelete: ({ app, user, query }) => deleteDeck(app, user.id, query.id),
  aiPptInfoSubmitById: ({ app, user, query }) => andWake(app, submitDeck(app, user.id, query.id)),
  aiPptInfoDownload: ({ app, user, query }) => downloadDeck(app.db, user.id, query.id),
  aiPptInfoLoadById: ({ app, user, query }) => loadDeck(app.db, user.id, query.id),
};
