import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { appSettings } from '../db/schema/settings';

/** Reads a setting, creating it with `initial()` the first time; every process ends up with the same value. */
export async function ensureSetting(db: Executor, key: string, initial: () => string): Promise<string> {
  await db.orm.insert(appSettings).values({ key, value: initial() }).onConflictDoNothing();
  const [row] = await db.orm.select().from(appSettings).where(eq(appSettings.key, key));
  return row.value;
}
