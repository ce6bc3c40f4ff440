import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative } from 'node:path';
import type { Command } from 'commander';
import { extractText } from '../engines/text/extract';
import { isDocumentError } from '../engines/text/errors';
import { type NewLibraryDocument, ReferenceLibrary } from '../services/library';
import { jsonlDocuments, tableDocuments } from './corpus-rows';
import { withDatabase } from './with-database';

const BATCH = 1000;
const FILE_TYPES = new Set(['.txt', '.docx', '.pdf']);

/** Opens the instance DATA_DIR (or DATABASE_URL) selects, runs `fn` on its library, and closes it. */
export function withLibrary<T>(fn: (library: ReferenceLibrary) => Promise<T>): Promise<T> {
  return withDatabase(({ db }) => fn(new ReferenceLibrary(db)));
}

async function* filesUnder(path: string): AsyncGenerator<string> {
  if ((await stat(path)).isDirectory()) {
    for (const entry of (await readdir(path)).sort()) yield* filesUnder(join(path, entry));
  } else {
    yield path;
  }
}

async function* documentsFrom(paths: string[], skip: (message: string) => void): AsyncGenerator<NewLibraryDocument> {
  for (const root of paths) {
    const info = await stat(root).catch(() => null);
    if (!info) {
      skip(`${root}：找不到该文件或文件夹`);
      continue;
    }
    // A file's id is its name; inside an imported folder, its path relative to that folder.
    const base = info.isDirectory() ? root : dirname(root);
    for await (const path of filesUnder(root)) {
      const ext = extname(path).toLowerCase();
      if (ext === '.jsonl') {
        yield* jsonlDocuments(path, skip);
        continue;
      }
      if (ext === '.csv' || ext === '.tsv') {
        yield* tableDocuments(path, ext === '.csv' ? ',' : '\t', skip);
        continue;
      }
      if (!FILE_TYPES.has(ext) && path !== root) continue;
      try {
        const { text } = await extractText(await readFile(path), { maxChars: Number.POSITIVE_INFINITY });
        yield { id: relative(base, path), title: basename(path, extname(path)), text };
      } catch (error) {
        if (!isDocumentError(error)) throw error;
        skip(`${path}：${error.message}`);
      }
    }
  }
}

/**
 * `corpus import PATH...`: .txt/.docx/.pdf files (or folders of them), and exported archives as .jsonl
 * ({id?, title, text, author?, source?, year?, url?} a line) or .csv/.tsv with a header of the same fields.
 * A document imported again under the same id replaces the earlier one.
 */
export async function importCorpus(paths: string[], library: ReferenceLibrary) {
  let documents = 0;
  let chars = 0;
  const skipped: string[] = [];
  let batch: NewLibraryDocument[] = [];
  const flush = async () => {
    const added = await library.addDocuments(batch);
    documents += added.documents;
    chars += added.chars;
    batch = [];
  };
  for await (const doc of documentsFrom(paths, (message) => skipped.push(message))) {
    batch.push(doc);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  if (documents) await library.optimize();
  return { documents, chars, skipped };
}

export function registerCorpusCommands(program: Command): void {
  const corpus = program.command('corpus').description('查重比对库（参考文献库）');
  corpus
    .command('import')
    .description(
      '导入 .txt/.docx/.pdf 文件（或其所在文件夹），以及 .jsonl（每行一个对象）或带表头的 .csv/.tsv 文件：' +
        '字段 title, text, author, source, year, url（id 可选，同 id 再次导入时替换）',
    )
    .argument('<paths...>', '文件或文件夹')
    .action(async (paths: string[]) => {
      const result = await withLibrary((library) => importCorpus(paths, library));
      for (const message of result.skipped) console.error(`跳过 ${message}`);
      console.log(
        `已索引 ${result.documents} 篇文档，共 ${result.chars} 字 (indexed ${result.documents} documents, ${result.chars} characters)`,
      );
      if (!result.documents && result.skipped.length) process.exitCode = 1;
    });
  corpus
    .command('remove')
    .description('从比对库删除文档')
    .argument('<ids...>', '文档 id')
    .action(async (ids: string[]) => {
      const removed = await withLibrary((library) => library.removeDocuments(ids));
      console.log(`已删除 ${removed} 篇文档`);
    });
  corpus
    .command('add-contexts')
    .description('为 0023 迁移之前导入的文档补全指纹上下文（之后查重只比对可能构成 13 字重合的文档）')
    .action(async () => {
      const redone = await withLibrary(async (library) => {
        const n = await library.addMissingContexts(100, (done) => process.stderr.write(`\r已处理 ${done} 篇`));
        if (n) await library.optimize();
        return n;
      });
      console.log(`已补全 ${redone} 篇文档的指纹上下文`);
    });
  corpus
    .command('stats')
    .description('比对库规模')
    .action(async () => {
      const stats = await withLibrary((library) => library.stats());
      console.log(JSON.stringify(stats));
    });
}
