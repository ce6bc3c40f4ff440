// Builds the SPA into dist/ only when its inputs changed since the last build, so a restart without
// changes goes straight to the server. Used by `npm start` (scripts/start.ts).
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildInputsHash, isBuildCurrent, writeBuildStamp } from './build-stamp';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}dist`;

export function buildIfChanged(): void {
  // Hashed before building: a source edited during the build makes the next start build again.
  const hash = buildInputsHash(root, process.env);
  if (isBuildCurrent(outDir, hash)) {
    console.log('前端源文件自上次构建以来没有变化，跳过构建（dist/）');
    return;
  }
  console.log('前端源文件有变化，正在构建（vite build）…');
  // A child process, so the server that runs next in this process never holds Vite in memory.
  const vite = join(dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build', '--outDir', outDir, '--emptyOutDir'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`前端构建失败（vite build 退出码 ${result.status ?? result.signal}）`);
  writeBuildStamp(outDir, hash);
}
