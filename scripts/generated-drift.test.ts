import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { drift, readFiles } from './generated-drift';

const PATHS = ['api/gen', 'routeTree.gen.ts'];

describe('generated-file drift', () => {
  let root: string;
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  function tree(files: Record<string, string>): void {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    }
  }

  it('compares with the files on disk, so freshly generated files not yet committed pass (no git here at all)', () => {
    root = mkdtempSync(join(tmpdir(), 'moyan-gen-'));
    tree({ 'api/gen/check.ts': 'export const a = 1;\n', 'api/gen/model/index.ts': '', 'routeTree.gen.ts': 'routes' });
    const before = readFiles(root, PATHS);
    tree({ 'api/gen/check.ts': 'export const a = 1;\n', 'routeTree.gen.ts': 'routes' });
    expect(drift(before, readFiles(root, PATHS))).toEqual([]);
  });

  it('names every changed, added and deleted file, and nothing outside the generated paths', () => {
    root = mkdtempSync(join(tmpdir(), 'moyan-gen-'));
    tree({ 'api/gen/check.ts': 'old', 'api/gen/gone.ts': 'x', 'routeTree.gen.ts': 'routes', 'api/hand.ts': 'mine' });
    const before = readFiles(root, PATHS);
    expect([...before.keys()].sort()).toEqual(['api/gen/check.ts', 'api/gen/gone.ts', 'routeTree.gen.ts']);
    rmSync(join(root, 'api/gen/gone.ts'));
    tree({ 'api/gen/check.ts': 'new', 'api/gen/model/added.ts': 'y', 'api/hand.ts': 'changed by hand' });
    expect(drift(before, readFiles(root, PATHS))).toEqual(['changed  api/gen/check.ts', 'deleted  api/gen/gone.ts', 'added    api/gen/model/added.ts']);
  });
});
