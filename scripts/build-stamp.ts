// Decides whether `npm start` must rebuild the SPA: a hash of everything `vite build` reads is kept
// beside the output, and the build is skipped while the inputs still hash the same.
import { createHash, type Hash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the production build reads, relative to the project root. */
const INPUTS = ['src', 'common', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json', 'package-lock.json'];
/** Vite reads VITE_* from these in production mode (whole files are hashed: a stray rebuild is cheap). */
const ENV_FILES = ['.env', '.env.local', '.env.production', '.env.production.local'];
/** The stamp sits inside the output folder, so any other build (which empties the folder) removes it. */
const STAMP_FILE = '.build-inputs.json';

type Env = Record<string, string | undefined>;

/** src/main.tsx bundles the mocked backend only when VITE_MOCK asks for it in a production build. */
function bundlesMocks(env: Env): boolean {
  return Boolean(env.VITE_MOCK) && env.VITE_MOCK !== 'off';
}

function hashPath(hash: Hash, root: string, path: string): void {
  const full = join(root, path);
  if (!existsSync(full)) {
    hash.update(`missing ${path}\0`);
    return;
  }
  if (statSync(full).isDirectory()) {
    for (const name of readdirSync(full).sort()) hashPath(hash, root, `${path}/${name}`);
    return;
  }
  hash.update(`file ${path}\0`);
  hash.update(readFileSync(full));
  hash.update('\0');
}

/** A hash of the build's source files, env files and the environment variables the build reads. */
export function buildInputsHash(root: string, env: Env): string {
  const hash = createHash('sha256');
  const paths = [...INPUTS, ...ENV_FILES, ...(bundlesMocks(env) ? ['mocks'] : [])];
  for (const path of paths) hashPath(hash, root, path);
  const variables = Object.keys(env)
    .filter((name) => name.startsWith('VITE_') || name === 'NODE_ENV')
    .sort()
    .map((name) => `${name}=${env[name]}`);
  hash.update(`env\0${variables.join('\0')}`);
  return hash.digest('hex');
}

/** The build in `outDir` was made from inputs that hash to `hash`, and its entry page is there. */
export function isBuildCurrent(outDir: string, hash: string): boolean {
  const stamp = join(outDir, STAMP_FILE);
  if (!existsSync(join(outDir, 'index.html')) || !existsSync(stamp)) return false;
  try {
    return (JSON.parse(readFileSync(stamp, 'utf8')) as { hash?: unknown }).hash === hash;
  } catch {
    return false;
  }
}

export function writeBuildStamp(outDir: string, hash: string): void {
  writeFileSync(join(outDir, STAMP_FILE), `${JSON.stringify({ hash, builtAt: new Date().toISOString() })}\n`);
}
