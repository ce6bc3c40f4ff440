import type { ChatMessageRow } from '../../db/schema/chat';
import { countMessageTokens, type LlmMessage } from '../../engines/llm';
import { SYSTEM_PROMPT } from './prompt';

/**
 * What the model is sent: the system prompt, as many earlier turns as fit the budget (the oldest dropped
 * first, a question and its answer together), and the question. Each earlier question is paired with its
 * latest answer that has any text (a retried question has several; an answer that failed before its
 * first token has none). The question itself is always sent, even if it alone passes the budget.
 */
export async function contextFor(history: ChatMessageRow[], question: string, budgetTokens: number): Promise<LlmMessage[]> {
  const system: LlmMessage = { role: 'system', content: SYSTEM_PROMPT };
  const asked: LlmMessage = { role: 'user', content: question };
  const turns = turnsOf(history);
  let used = await countMessageTokens([system, asked]);
  const kept: LlmMessage[][] = [];
  for (let i = turns.length - 1; i >= 0; i--) {
    const cost = await countMessageTokens(turns[i]);
    if (used + cost > budgetTokens) break;
    used += cost;
    kept.unshift(turns[i]);
  }
  return [system, ...kept.flat(), asked];
}

function turnsOf(history: ChatMessageRow[]): LlmMessage[][] {
  const answers = new Map<string, string>();
  for (const m of history) {
    if (m.role === 'assistant' && m.replyTo && m.content !== '') answers.set(m.replyTo, m.content);
  }
  return history
    .filter((m) => m.role === 'user')
    .map((m) => {
      const answer = answers.get(m.id);
      const turn: LlmMessage[] = [{ role: 'user', content: m.content }];
      if (answer !== undefined) turn.push({ role: 'assistant', content: answer });
      return turn;
    });
}
