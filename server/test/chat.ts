// Chat API tests: the real app with its gateway pointed at the fake model, and users with a balance.
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import { chatConversations, chatMessages } from '../db/schema/chat';
import { ledgerEntries } from '../db/schema/ledger';
import { llmCalls } from '../db/schema/llm-calls';
import { tasks } from '../db/schema/tasks';
import { users } from '../db/schema/users';
import { createTestApp, signUp, type TestApp } from './app';
import { FAKE_MODEL, type FakeLlm } from './fake-llm';
import { grant } from './fixtures';

export const CHAT = '/api/base/chat_gpt_api';

export function chatApp(fake: FakeLlm, overrides: Partial<Config> = {}): Promise<TestApp> {
  return createTestApp({ LLM_BASE_URL: fake.url, LLM_MODEL: FAKE_MODEL, LLM_MAX_RETRIES: 0, ...overrides });
}

/** A signed-up user holding `balanceFen`. */
export async function chatUser(t: TestApp, balanceFen = 10_000): Promise<{ token: string; userId: string }> {
  const { token, username } = await signUp(t.app);
  const [user] = await t.db.orm.select({ id: users.id }).from(users).where(eq(users.username, username));
  if (balanceFen > 0) await grant(t.db, user.id, balanceFen);
  return { token, userId: user.id };
}

/** Everything chat stores for a user: conversations, messages, chat tasks, their charges and model calls. */
export async function chatState(t: TestApp, userId: string) {
  const conversations = await t.db.orm.select().from(chatConversations).where(eq(chatConversations.userId, userId));
  const messages = (
    await Promise.all(
      conversations.map((c) => t.db.orm.select().from(chatMessages).where(eq(chatMessages.conversationId, c.id))),
    )
  )
    .flat()
    .sort((a, b) => a.seq - b.seq);
  const chatTasks = await t.db.orm.select().from(tasks).where(eq(tasks.userId, userId));
  const ledger = await t.db.orm.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));
  const calls = (
    await Promise.all(chatTasks.map((task) => t.db.orm.select().from(llmCalls).where(eq(llmCalls.taskId, task.id))))
  ).flat();
  return { conversations, messages, tasks: chatTasks, charges: ledger.filter((e) => e.kind === 'charge'), ledger, calls };
}
