import { and, eq } from 'drizzle-orm';
import { type Deps, withDb } from '../../context';
import { checks } from '../../db/schema/checks';
import { libraryDocuments } from '../../db/schema/library';
import { tasks } from '../../db/schema/tasks';
import { badRequest, notFound } from '../../errors';
import { priceFor } from '../billing/prices';
import { createTask } from '../tasks/tasks';
import { storeOriginal } from './file-store';
import { prepareRequestText, readPaperInput, type UploadedDocument } from './paper-input';
import { type CheckRecord, loadCheck } from './records';

export interface CheckInput {
  file?: UploadedDocument;
  content?: string;
  title: string;
  author?: string;
}

function titleAndAuthor(input: { title: string; author?: string }): { title: string; author: string } {
  const title = input.title.trim();
  if (!title) throw badRequest('请填写论文题目');
  return { title, author: (input.author ?? '').trim() };
}

/** word_count: counted characters (the checkers' rule) and the price of checking them. */
export async function wordCount(deps: Deps, content: string): Promise<{ charCount: number; priceFen: number }> {
  const { charCount } = await prepareRequestText(deps.compute, { content });
  return { charCount, priceFen: await priceFor(deps.db, 'check', charCount) };
}

/**
 * check_init: extracts the text of an upload (or takes the pasted text), keeps the original, and creates
 * an unpaid draft. Anything refused is refused before a row or a file is written.
 */
export async function initCheck(deps: Deps, userId: string, input: CheckInput): Promise<CheckRecord> {
  const { title, author } = titleAndAuthor(input);
  const { file, extracted } = await readPaperInput(deps.compute, input);
  const priceFen = await priceFor(deps.db, 'check', extracted.charCount);
  const fileSha256 = file ? await storeOriginal(deps.config.DATA_DIR, file.data, extracted.sha256) : null;

  const id = await deps.db.transaction(async (tx) => {
    const task = await createTask(
      withDb(deps, tx),
      { kind: 'check', userId, title, priceFen, charCount: extracted.charCount, offline: true },
    );
    await tx.orm.insert(checks).values({
      taskId: task.id,
      author,
      sourceType: file ? 'upload' : 'paste',
      fileName: file ? file.filename.slice(0, 255) : null,
      fileSha256,
      format: extracted.format,
      text: extracted.text,
    });
    return task.id;
  });
  return loadCheck(deps.db, userId, id);
}

/** update_title: the title and author shown on the record and its report (and the title of its library entry). */
export async function updateTitle(
  deps: Deps,
  userId: string,
  id: string,
  input: { title: string; author?: string },
): Promise<CheckRecord> {
  const { title, author } = titleAndAuthor(input);
  await deps.db.transaction(async (tx) => {
    const updated = await tx.orm
      .update(tasks)
      .set({ title, updatedAt: deps.now() })
      .where(and(eq(tasks.id, id), eq(tasks.userId, userId), eq(tasks.kind, 'check')))
      .returning({ id: tasks.id });
    if (updated.length === 0) throw notFound();
    await tx.orm.update(checks).set({ author }).where(eq(checks.taskId, id));
    await tx.orm.update(libraryDocuments).set({ title }).where(eq(libraryDocuments.id, id));
  });
  return loadCheck(deps.db, userId, id);
}
