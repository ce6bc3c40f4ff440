import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/database';
import type { Database } from './client';
import { copyField } from './copy';

let db: Database;

beforeAll(async () => {
  db = await openTestDatabase();
  await db.sql('create table copied (n int, t text)');
});
afterAll(() => db.close());

const values = ['普通文字', '制表\t符', '换行\n与回车\r', '反斜杠 C:\\论文\\n', '\\N', '', '𠀀𪚥 astral', '"引号"，逗号'];

describe('copyRows', () => {
  it('loads COPY text with every awkward character and NULL as they were, pieces split between rows', async () => {
    const lines = [...values, null].map((v, i) => `${copyField(i)}\t${copyField(v)}\n`);
    await db.copyRows!('copied', ['n', 't'], [lines.slice(0, 3).join(''), lines.slice(3).join('')]);
    const rows = await db.sql<{ n: number; t: string | null }>('select n, t from copied order by n');
    expect(rows).toEqual([...values, null].map((t, n) => ({ n, t })));
  });

  it('runs in the caller’s transaction: a rollback takes the rows back', async () => {
    await db.sql('truncate copied');
    await expect(
      db.transaction(async (tx) => {
        await tx.copyRows!('copied', ['n', 't'], ['1\t一\n']);
        expect(await tx.sql('select t from copied')).toEqual([{ t: '一' }]);
        throw new Error('回滚');
      }),
    ).rejects.toThrow('回滚');
    expect(await db.sql('select * from copied')).toEqual([]);
  });

  it('fails the statement on a malformed row and keeps nothing of it', async () => {
    await expect(db.copyRows!('copied', ['n', 't'], ['1\t一\n', 'x\t二\n'])).rejects.toThrow();
    expect(await db.sql('select * from copied')).toEqual([]);
  });
});
