import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import type { NewLibraryDocument } from '../services/library';

// Rows of an exported archive: .jsonl objects, or .csv/.tsv with a header row. The same fields either way
// (title, text, author, source, year, url; id optional), so a library export lands in the 比对库 as is.

type Skip = (message: string) => void;

type Field = 'id' | 'title' | 'text' | 'author' | 'source' | 'year' | 'url';

/** Header names an export from a Chinese library system may carry, besides the English ones. */
const ALIASES: Record<string, Field> = {
  编号: 'id',
  标题: 'title',
  题名: 'title',
  篇名: 'title',
  正文: 'text',
  全文: 'text',
  content: 'text',
  作者: 'author',
  来源: 'source',
  出处: 'source',
  年份: 'year',
  年: 'year',
  链接: 'url',
  网址: 'url',
};

const MAX_TITLE = 300;
const MAX_META = 200;
const MAX_URL = 2000;

function fieldOf(header: string): string {
  const name = header.trim().replace(/^\ufeff/, '').toLowerCase();
  return ALIASES[name] ?? name;
}

// PostgreSQL text refuses NUL.
const clean = (value: string) => value.replace(/\0/g, '');

function text(value: unknown, max: number): string | null {
  if (value === undefined || value === null) return null;
  const s = clean(String(value)).trim();
  return s ? s.slice(0, max) : null;
}

/** 2019, "2019", "2019年", "2019-05-01": the year; anything else is unknown. */
function yearOf(value: unknown): number | null {
  const match = /^\s*(\d{4})(?!\d)/.exec(String(value ?? ''));
  const year = match ? Number(match[1]) : NaN;
  return year >= 1 && year <= 9999 ? year : null;
}

/** One row as a library document, or null (with the reason) when it has no text. */
function documentOf(row: Record<string, unknown>, fallbackId: string, where: string, skip: Skip): NewLibraryDocument | null {
  if (typeof row.text !== 'string' || !row.text.trim()) {
    skip(`${where}缺少 text`);
    return null;
  }
  const id = text(row.id, 1000) ?? fallbackId;
  return {
    id,
    title: text(row.title, MAX_TITLE) ?? id,
    text: clean(row.text),
    author: text(row.author, MAX_META),
    source: text(row.source, MAX_META),
    year: yearOf(row.year),
    url: text(row.url, MAX_URL),
  };
}

/** A .jsonl file: one object a line, {id?, title, text, author?, source?, year?, url?}. */
export async function* jsonlDocuments(path: string, skip: Skip): AsyncGenerator<NewLibraryDocument> {
  let line = 0;
  for await (const raw of createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity })) {
    line++;
    if (!raw.trim()) continue;
    let row: unknown;
    try {
      row = JSON.parse(raw);
    } catch {
      skip(`${path} 第 ${line} 行不是有效的 JSON`);
      continue;
    }
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      skip(`${path} 第 ${line} 行不是一个 JSON 对象`);
      continue;
    }
    const doc = documentOf(row as Record<string, unknown>, `${basename(path)}:${line}`, `${path} 第 ${line} 行`, skip);
    if (doc) yield doc;
  }
}

/** A .csv (comma) or .tsv (tab) file whose first row names the columns; a row's id defaults to file:line. */
export async function* tableDocuments(path: string, delimiter: ',' | '\t', skip: Skip): AsyncGenerator<NewLibraryDocument> {
  const parser = createReadStream(path).pipe(
    parse({
      bom: true,
      delimiter,
      columns: (header: string[]) => header.map(fieldOf),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
    }),
  );
  let checkedHeader = false;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: Record<string, unknown>; info: { lines: number } }>) {
      if (!checkedHeader) {
        checkedHeader = true;
        if (!('text' in record)) {
          skip(`${path}：表头没有 text（正文）列，无法导入；表头应为 title, text, author, source, year, url`);
          parser.destroy();
          return;
        }
      }
      const doc = documentOf(record, `${basename(path)}:${info.lines}`, `${path} 第 ${info.lines} 行`, skip);
      if (doc) yield doc;
    }
  } catch (error) {
    // A malformed file (an unclosed quotation mark) stops at the broken row; what came before is imported.
    skip(`${path}：表格格式有误（${error instanceof Error ? error.message : String(error)}），其后的行未导入`);
  }
}
