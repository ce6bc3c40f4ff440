// `npm run bench -- bundle [--limit-kb 250] [--top N]`: the JavaScript a browser must load before each page
// of the app shows, gzip-sized, from a production build's manifest (vite build --manifest, into a temporary
// folder): the entry chunk of index.html, the split component chunk of every route file from the root down
// to the page (TanStack Router's autoCodeSplitting), and everything those import statically. Chunks loaded
// on demand (dynamic import(), React.lazy) are not counted. Every page of the route tree
// (src/routeTree.gen.ts) is listed, so a page added later is measured without a list to update; the bench
// fails when one is over the limit (250 kB gzip, 1 kB = 1000 bytes).
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
const { values } = parseArgs({ options: { 'limit-kb': { type: 'string', default: '250' }, top: { type: 'string', default: '5' } } });
const limit = Number(values['limit-kb']) * 1000;

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, Chunk>;

interface RouteFile {
  id: string;
  fullPath: string;
  file: string;
  parent: string | undefined;
}

/** Every route of the generated tree: its id, full path, source file and parent (by import name). */
export function routeFiles(treeSource: string): Map<string, RouteFile> {
  const files = new Map<string, string>();
  for (const [, name, path] of treeSource.matchAll(/import \{ Route as (\w+) \} from '\.\/(routes\/[^']+)'/g)) {
    files.set(name, `src/${path}.tsx`);
  }
  const routes = new Map<string, RouteFile>();
  const entries = treeSource.matchAll(
    /'[^']+': \{\s*id: '([^']+)'\s*path: '[^']*'\s*fullPath: '([^']*)'\s*preLoaderRoute: typeof (\w+)\s*parentRoute: typeof (\w+)/g,
  );
  for (const [, id, fullPath, name, parent] of entries) {
    const file = files.get(name);
    if (!file) throw new Error(`route ${id}: no import for ${name}`);
    // parentRoute names the parent's route constant (AppRoute = AppRouteImport.update(...)), or the root's import.
    routes.set(name, { id, fullPath, file, parent: parent === 'rootRouteImport' ? undefined : `${parent}Import` });
  }
  const rootFile = files.get('rootRouteImport');
  if (!rootFile) throw new Error('no root route in the route tree');
  routes.set('rootRouteImport', { id: '__root__', fullPath: '', file: rootFile, parent: undefined });
  for (const route of routes.values()) if (route.id !== '__root__' && !route.parent) route.parent = 'rootRouteImport';
  return routes;
}

const outDir = mkdtempSync(join(tmpdir(), 'moyan-bench-bundle-'));
try {
  const started = performance.now();
  await build({ root, logLevel: 'error', build: { outDir, emptyOutDir: true, manifest: true } });
  console.log(`vite build (production, manifest) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
  if (!entryKey) throw new Error('no index.html entry in the manifest');

  const gzipped = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = gzipped.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(join(outDir, file))).length;
      gzipped.set(file, size);
    }
    return size;
  };
  /** The chunk and everything it imports statically, as manifest keys. */
  const closure = (keys: string[]): Set<string> => {
    const seen = new Set<string>();
    const pending = [...keys];
    while (pending.length > 0) {
      const key = pending.pop() as string;
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      pending.push(...(manifest[key].imports ?? []));
    }
    return seen;
  };
  const splitChunksOf = (file: string) =>
    Object.keys(manifest).filter((key) => key === `${file}?tsr-split=component` || key === `${file}?tsr-split=pendingComponent`);

  const routes = routeFiles(readFileSync(join(root, 'src/routeTree.gen.ts'), 'utf8'));
  const parents = new Set([...routes.values()].map((r) => r.parent));
  const pages = [...routes.entries()].filter(([name, route]) => !parents.has(name) && route.id !== '__root__');
  const entrySize = [...closure([entryKey])].reduce((sum, key) => sum + sizeOf(manifest[key].file), 0);

  const rows = pages
    .map(([name]) => {
      const chain: RouteFile[] = [];
      for (let at: string | undefined = name; at; at = routes.get(at)?.parent) {
        const route = routes.get(at);
        if (route) chain.unshift(route);
      }
      const keys = closure([entryKey, ...chain.flatMap((route) => splitChunksOf(route.file))]);
      const chunks = [...keys].map((key) => ({ file: manifest[key].file, bytes: sizeOf(manifest[key].file) }));
      const total = chunks.reduce((sum, chunk) => sum + chunk.bytes, 0);
      return { route: routes.get(name)?.fullPath || '/', total, chunks };
    })
    .sort((a, b) => b.total - a.total);

  const kb = (bytes: number) => +(bytes / 1000).toFixed(1);
  console.table(
    rows.map((r) => ({ route: r.route, 'initial JS kB gzip': kb(r.total), chunks: r.chunks.length, 'within limit': r.total <= limit ? 'yes' : 'NO' })),
  );
  console.log(`entry chunk and its static imports (every page): ${kb(entrySize)} kB gzip`);
  const biggest = rows[0];
  if (biggest) {
    const top = [...biggest.chunks].sort((a, b) => b.bytes - a.bytes).slice(0, Number(values.top));
    console.log(`largest page ${biggest.route}: ${top.map((c) => `${c.file} ${kb(c.bytes)} kB`).join(', ')}`);
  }
  const over = rows.filter((r) => r.total > limit);
  console.log(`${rows.length} pages, largest ${kb(biggest?.total ?? 0)} kB gzip, limit ${kb(limit)} kB: ${over.length === 0 ? 'all within' : `${over.length} over`}`);
  mkdirSync(join(root, 'bench/out'), { recursive: true });
  writeFileSync(
    join(root, 'bench/out/bundle.json'),
    `${JSON.stringify({ limitKb: kb(limit), entryKb: kb(entrySize), pages: rows.map((r) => ({ route: r.route, kb: kb(r.total), chunks: r.chunks.length })) }, null, 2)}\n`,
  );
  if (over.length > 0) process.exitCode = 1;
} finally {
  if (existsSync(outDir)) rmSync(outDir, { recursive: true, force: true });
}
