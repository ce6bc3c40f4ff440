import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative } from 'node:path';
import type { Command } from 'commander';
import { extractText } from '../engines/text/extract';
import { isDocumentError } from '../engines/text/errors';
import type { Compute } from '../compute';
import { loadConfig } from '../config';
import type { Executor } from '../db/client';
import { type BulkLoadOptions, batchesOf, bulkLoad, type NewLibraryDocument, ReferenceLibrary } from '../services/library';
import { poolCompute } from '../workers/compute';
import { closeWorkerPool } from '../workers/pool';
import { jsonlDocuments, tableDocuments } from './corpus-rows';
import { withDatabase } from './with-database';

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
  for await (const batch of batchesOf(documentsFrom(paths, (message) => skipped.push(message)))) {
    const added = await library.addDocuments(batch);
    documents += added.documents;
    chars += added.chars;
  }
  if (documents) await library.optimize();
  return { documents, chars, skipped };
}

/**
 * `corpus import --bulk PATH...`: the same files into an empty library in one transaction, the indexes built after
 * (services/library/bulk-load.ts), fingerprinting in `compute`'s worker pool. The library is locked until it commits.
 */
export async function importCorpusBulk(paths: string[], db: Executor, compute: Pick<Compute, 'libraryCopyRows'>, onBatch?: BulkLoadOptions['onBatch']) {
  const skipped: string[] = [];
  const { documents, chars } = await bulkLoad(db, documentsFrom(paths, (message) => skipped.push(message)), {
    prepareRows: (text, doc) => compute.libraryCopyRows({ text, doc }),
    onBatch,
  });
  if (documents) await new ReferenceLibrary(db).optimize();
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
    .option('--bulk', '批量导入空比对库（首次导入整个档案库）：一个事务写入，索引在写完后一次建成，约快三倍；导入期间比对库锁定，查重等待')
    .action(async (paths: string[], options: { bulk?: boolean }) => {
      const result = await withDatabase(async ({ db }) => {
        if (!options.bulk) return importCorpus(paths, new ReferenceLibrary(db));
        console.error('批量导入：导入完成前比对库处于锁定状态，查重将等待');
        try {
          return await importCorpusBulk(paths, db, poolCompute(loadConfig()), (read) => process.stderr.write(`\r已读入 ${read.documents} 篇，${read.chars} 字`));
        } finally {
          process.stderr.write('\n');
          await closeWorkerPool();
        }
      });
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
