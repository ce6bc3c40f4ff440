export { loadAllByEntity, loadConfigById, removeConfig, upsertConfig } from './config';
export { deleteDeck, downloadDeck, listDecks, loadDeck, paperInit, saveOrUpdate, submitDeck } from './decks';
export { templateList } from './templates';
