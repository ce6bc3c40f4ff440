import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildInputsHash, isBuildCurrent, writeBuildStamp } from './build-stamp';

let root: string;
let outDir: string;

function write(path: string, text: string) {
  const full = join(root, path);
  mkdirSync(join(full, '..'), { recursive: true });
  writeFileSync(full, text);
}

/** Builds as build-if-changed does: output and stamp for the inputs as they are now. */
function buildNow(env: Record<string, string | undefined> = {}) {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'index.html'), '<div id="root"></div>');
  writeBuildStamp(outDir, buildInputsHash(root, env));
}

const current = (env: Record<string, string | undefined> = {}) => isBuildCurrent(outDir, buildInputsHash(root, env));

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'moyan-build-stamp-'));
  outDir = join(root, 'dist');
  write('src/main.tsx', 'render()');
  write('src/features/a.tsx', 'export const a = 1;');
  write('common/char-count.ts', 'export const countChars = () => 0;');
  write('public/favicon.svg', '<svg/>');
  write('index.html', '<script src="/src/main.tsx"></script>');
  write('vite.config.ts', 'export default {}');
  write('package-lock.json', '{}');
  write('mocks/handlers.ts', 'export const handlers = [];');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('build-if-changed decision', () => {
  it('builds when there is no previous build', () => {
    expect(current()).toBe(false);
  });

  it('skips the build when nothing changed since the last one', () => {
    buildNow();
    expect(current()).toBe(true);
  });

  it.each([
    ['a source file is edited', () => write('src/features/a.tsx', 'export const a = 2;')],
    ['a source file is added', () => write('src/features/b.tsx', 'export const b = 1;')],
    ['a source file is removed', () => unlinkSync(join(root, 'src/features/a.tsx'))],
    ['a file is renamed', () => (unlinkSync(join(root, 'src/features/a.tsx')), write('src/features/c.tsx', 'export const a = 1;'))],
    ['shared code the app bundles changes', () => write('common/char-count.ts', 'export const countChars = () => 1;')],
    ['a public asset changes', () => write('public/favicon.svg', '<svg></svg>')],
    ['index.html changes', () => write('index.html', '<title>墨研</title>')],
    ['the Vite config changes', () => write('vite.config.ts', 'export default { base: "/x/" }')],
    ['the dependencies change', () => write('package-lock.json', '{"v":2}')],
    ['an env file appears', () => write('.env.production', 'VITE_API_BASE=/api')],
  ])('builds again when %s', (_name, change) => {
    buildNow();
    change();
    expect(current()).toBe(false);
  });

  it('builds again when a VITE_ variable or NODE_ENV differs, not for other variables', () => {
    buildNow({ VITE_MOCK: 'off', PORT: '8080' });
    expect(current({ VITE_MOCK: 'off', PORT: '9090', DATA_DIR: '/srv' })).toBe(true);
    expect(current({ VITE_MOCK: 'on', PORT: '8080' })).toBe(false);
    expect(current({ VITE_MOCK: 'off', NODE_ENV: 'development' })).toBe(false);
  });

  it('counts the mocks only when the build bundles them', () => {
    buildNow();
    write('mocks/handlers.ts', 'export const handlers = [1];');
    expect(current()).toBe(true);
    buildNow({ VITE_MOCK: 'on' });
    write('mocks/handlers.ts', 'export const handlers = [2];');
    expect(current({ VITE_MOCK: 'on' })).toBe(false);
  });

  it('builds again when the output lost its entry page or its stamp, or the stamp is unreadable', () => {
    buildNow();
    unlinkSync(join(outDir, 'index.html'));
    expect(current()).toBe(false);

    buildNow();
    writeFileSync(join(outDir, '.build-inputs.json'), 'not json');
    expect(current()).toBe(false);

    buildNow();
    unlinkSync(join(outDir, '.build-inputs.json'));
    expect(current()).toBe(false);
  });

  it('ignores the output folder itself', () => {
    buildNow();
    writeFileSync(join(outDir, 'assets.js'), 'console.log(1)');
    expect(current()).toBe(true);
  });
});
