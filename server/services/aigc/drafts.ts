import { type Deps, withDb } from '../../context';
import { aigcDetections } from '../../db/schema/aigc';
import { AIGC_MIN_CHARS } from '../../engines/aigc';
import { badRequest } from '../../errors';
import { priceFor } from '../billing/prices';
import { finishedCheckText } from '../check/finished-text';
import { storeOriginal } from '../check/file-store';
import { prepareRequestText, readPaperInput, type UploadedDocument } from '../check/paper-input';
import { createTask } from '../tasks/tasks';
import { requireJudgeable } from './errors';
import { type AigcRecord, loadDetection } from './records';

export interface DetectionInput {
  file?: UploadedDocument;
  content?: string;
  title: string;
  author?: string;
  /** A finished check of the caller's: its text is detected when no file or text is sent. */
  checkId?: string;
}

/** word_count: counted characters (the checkers' rule), the detection price, and the fewest characters judged. */
export async function aigcWordCount(deps: Deps, content: string): Promise<{ charCount: number; priceFen: number; minChars: number }> {
  const { text, charCount } = await prepareRequestText(deps.compute, { content });
  requireJudgeable(text, charCount);
  return { charCount, priceFen: await priceFor(deps.db, 'aigc', charCount), minChars: AIGC_MIN_CHARS };
}

/**
 * machine_init: the text of an upload (parsed in a worker thread) or the pasted text, or the text of a
 * finished check when started from its report, kept with an unpaid draft. Everything refused (empty, too long, corrupt, not Chinese, too short) is refused before a row is
 * written: no task, no charge.
 */
export async function initDetection(deps: Deps, userId: string, input: DetectionInput): Promise<AigcRecord> {
  const title = input.title.trim();
  if (!title) throw badRequest('请填写论文题目');
  const checkText = input.checkId ? await finishedCheckText(deps, userId, input.checkId) : undefined;
  const { file, extracted } = await readPaperInput(deps.compute, input, checkText);
  requireJudgeable(extracted.text, extracted.charCount);
  const priceFen = await priceFor(deps.db, 'aigc', extracted.charCount);
  // A .docx is kept: a 降AIGC of this detection gives the student's own file back, rewritten in place.
  const fileSha256 = file && extracted.format === 'docx' ? await storeOriginal(deps.config.DATA_DIR, file.data, extracted.sha256) : null;
  const id = await deps.db.transaction(async (tx) => {
    const task = await createTask(withDb(deps, tx), { kind: 'aigc', userId, title, priceFen, charCount: extracted.charCount, offline: true });
    await tx.orm.insert(aigcDetections).values({
      taskId: task.id,
      author: (input.author ?? '').trim().slice(0, 64),
      sourceType: file ? 'upload' : 'paste',
      fileName: file ? file.filename.slice(0, 255) : null,
      fileSha256,
      format: extracted.format,
      text: extracted.text,
    });
    return task.id;
  });
  return loadDetection(deps.db, userId, id);
}
