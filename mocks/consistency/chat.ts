import { CHAT_EXCHANGES } from '../vocab/services';
import { type Obj, type Rule, has, minutesAfter, newId, num } from './shape';

const exchangeOf = (title: unknown) => CHAT_EXCHANGES.find((exchange) => exchange.question === title) ?? CHAT_EXCHANGES[0];

/**
 * A conversation is question and answer in turn, starting with its title's question; its count and last
 * message time are its messages'.
 */
function settleConversation(o: Obj): void {
  const count = Math.max(2, Math.min(12, num(o.messageCount, 2) - (num(o.messageCount, 2) % 2)));
  o.messageCount = count;
  if (!Array.isArray(o.messages)) {
    o.lastMessageAt = minutesAfter(o.createdAt, count - 1);
    return;
  }
  const first = exchangeOf(o.title);
  const given = o.messages as Obj[];
  const message = (i: number, role: string, content: string, replyTo: unknown): Obj => ({
    ...given[i],
    id: given[i]?.id ?? newId(),
    role,
    content,
    createdAt: minutesAfter(o.createdAt, i),
    status: 'complete',
    replyTo,
    chargedFen: role === 'user' ? 0 : 1 + (i % 5),
  });
  const messages: Obj[] = [];
  for (let i = 0; i < count; i += 2) {
    const exchange = CHAT_EXCHANGES[(CHAT_EXCHANGES.indexOf(first) + i / 2) % CHAT_EXCHANGES.length];
    const question = message(i, 'user', exchange.question, null);
    messages.push(question, message(i + 1, 'assistant', exchange.answer, question.id));
  }
  o.messages = messages;
  o.lastMessageAt = messages[messages.length - 1].createdAt;
}

export const chatRules: Rule[] = [
  { name: 'chat conversation', applies: (o) => has(o, 'messageCount', 'lastMessageAt', 'title'), fix: settleConversation },
];
