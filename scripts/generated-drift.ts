// What `npm run gen` changed: the generated files as they were in the working tree against the same files
// regenerated (committed or not does not matter, so the check passes right after `npm run gen`).
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Everything `npm run gen` writes, relative to the project root. */
export const GENERATED = ['openapi/gen', 'src/api/gen', 'mocks/gen', 'server/gen', 'src/routeTree.gen.ts'];

/** The contents of every file under `paths`, keyed by its path relative to `root`. */
export function readFiles(root: string, paths: readonly string[]): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const visit = (path: string) => {
    const full = join(root, path);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full)) visit(`${path}/${name}`);
    } else {
      files.set(path, readFileSync(full));
    }
  };
  paths.forEach(visit);
  return files;
}

/** One line per file that differs: changed, added or deleted, sorted by path. */
export function drift(before: Map<string, Buffer>, after: Map<string, Buffer>): string[] {
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  return paths.flatMap((path) => {
    const was = before.get(path);
    const now = after.get(path);
    if (!was) return [`added    ${path}`];
    if (!now) return [`deleted  ${path}`];
    return was.equals(now) ? [] : [`changed  ${path}`];
  });
}
