import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { pptDecks } from '../../db/schema/ppt';
import { tasks } from '../../db/schema/tasks';
import { openTestDatabase } from '../../test/database';
import { depsFor, makeUser } from '../../test/fixtures';
import { pageOfTasks } from './list';
import { createTask } from './tasks';

// The records lists read every detail column of every listed row: for slide decks the whole paper text and
// the rendered .pptx (megabytes), which made ai_ppt_info_api/query_list of 7 decks take about a second.
describe('a page of records', () => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase();
  });
  afterAll(() => db.close());

  it('reads the detail columns a list shows, not the ones it leaves out', async () => {
    const userId = await makeUser(db);
    const task = await createTask(depsFor(db), { kind: 'ppt', userId, title: '答辩', priceFen: 990 });
    await db.orm.insert(pptDecks).values({
      taskId: task.id,
      templateId: 'tpl-academic-blue',
      scene: 'thesis_defense',
      pageCount: 10,
      source: 'paper',
      paperText: '论文正文'.repeat(1000),
      pptx: new Uint8Array(1024),
      renderedSlideCount: 7,
    });
    const where = eq(tasks.userId, userId);
    const { rows, total } = await pageOfTasks(db, pptDecks, where, { pageNo: 1, pageSize: 10 }, ['paperText', 'pptx']);
    expect(total).toBe(1);
    expect(rows[0].task.id).toBe(task.id);
    expect(rows[0].detail).toMatchObject({ templateId: 'tpl-academic-blue', renderedSlideCount: 7 });
    expect(Object.keys(rows[0].detail)).not.toContain('pptx');
    expect(Object.keys(rows[0].detail)).not.toContain('paperText');
  });
});
