export { type AnswerEnd, type AnswerIds, prepareAnswer, runAnswer } from './answer';
export { deleteConversation, listConversations, loadConversation } from './conversations';
