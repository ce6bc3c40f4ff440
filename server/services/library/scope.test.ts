import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { countChars } from '@common/char-count';
import { openTestDatabase } from '../../test/database';
import { ReferenceLibrary } from './library';
import { libraryScope, librarySize, LOCAL_LIBRARY_NAME, PUBLIC_LIBRARY_NAME } from './scope';
import { libraryState, logLibraryState } from './state';

const TEXT = '城市绿地是城市生态系统的重要组成部分。';
const CHARS = countChars(TEXT);

let db: Database;
let library: ReferenceLibrary;

beforeAll(async () => {
  db = await openTestDatabase();
  library = new ReferenceLibrary(db);
});
afterAll(() => db.close());

function logger() {
  const calls: Array<{ level: 'info' | 'warn'; fields: unknown; message: string }> = [];
  return {
    calls,
    info: (fields: unknown, message: string) => calls.push({ level: 'info', fields, message }),
    warn: (fields: unknown, message: string) => calls.push({ level: 'warn', fields, message }),
  };
}

describe('library scope (检测范围) and size', () => {
  it('says an empty library is empty, in the scope and in the start-up log', async () => {
    expect(await libraryScope(db)).toEqual({ documents: 0, chars: 0, collections: [] });
    const log = logger();
    expect(await logLibraryState(db, log as never, 1000)).toBe('empty');
    expect(log.calls).toEqual([
      { level: 'warn', fields: { documents: 0, chars: 0, smallBelow: 1000 }, message: expect.stringContaining('library is empty') },
    ]);
  });

  it('groups imports by source (the public library when none) and submissions as 本校库', async () => {
    await library.addDocuments([
      { id: 'p1', title: '一', text: TEXT },
      { id: 'p2', title: '二', text: TEXT, source: '  ' },
      { id: 'j1', title: '三', text: TEXT, source: '城市规划学刊' },
      { id: 's1', title: '四', text: TEXT, origin: 'submission', ownerId: 'u1' },
    ]);
    expect(await libraryScope(db)).toEqual({
      documents: 4,
      chars: 4 * CHARS,
      collections: [
        { name: PUBLIC_LIBRARY_NAME, kind: 'import', documents: 2, chars: 2 * CHARS },
        { name: '城市规划学刊', kind: 'import', documents: 1, chars: CHARS },
        { name: LOCAL_LIBRARY_NAME, kind: 'submission', documents: 1, chars: CHARS },
      ],
    });
    expect(await librarySize(db)).toEqual({ documents: 4, chars: 4 * CHARS });
    const log = logger();
    expect(await logLibraryState(db, log as never, 5)).toBe('small');
    expect(log.calls.map((c) => c.level)).toEqual(['warn']);
    const ready = logger();
    expect(await logLibraryState(db, ready as never, 4)).toBe('ready');
    expect(ready.calls.map((c) => c.level)).toEqual(['info']);
  });

  it('folds a long tail of sources into one line so the scope stays short', async () => {
    await library.addDocuments(Array.from({ length: 25 }, (_, i) => ({ id: `t${i}`, title: `${i}`, text: TEXT, source: `期刊 ${String(i).padStart(2, '0')}` })));
    const scope = await libraryScope(db);
    // 27 import collections: the 19 largest shown, 8 folded; then 本校库.
    expect(scope.collections).toHaveLength(21);
    expect(scope.collections.at(-2)).toEqual({ name: '其他 8 个来源', kind: 'import', documents: 8, chars: 8 * CHARS });
    expect(scope.collections.at(-1)?.name).toBe(LOCAL_LIBRARY_NAME);
    expect(scope.documents).toBe(29);
    expect(scope.collections.reduce((n, c) => n + c.documents, 0)).toBe(29);
  });

  it('calls a library empty, small below the threshold, ready from it', () => {
    expect(libraryState(0, 1000)).toBe('empty');
    expect(libraryState(999, 1000)).toBe('small');
    expect(libraryState(1000, 1000)).toBe('ready');
    expect(libraryState(0, 0)).toBe('empty');
  });
});
