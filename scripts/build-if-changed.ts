// `npm start`, first step: builds the SPA into dist/ only when its inputs changed since the last build,
// so a restart without changes goes straight to the server.
import { fileURLToPath } from 'node:url';
import { buildInputsHash, isBuildCurrent, writeBuildStamp } from './build-stamp';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}dist`;

// Hashed before building: a source edited during the build makes the next start build again.
const hash = buildInputsHash(root, process.env);
if (isBuildCurrent(outDir, hash)) {
  console.log('前端源文件自上次构建以来没有变化，跳过构建（dist/）');
} else {
  console.log('前端源文件有变化，正在构建（vite build）…');
  // Imported only here: loading Vite costs about a second the unchanged path does not pay.
  const { build } = await import('vite');
  await build({ root, build: { outDir, emptyOutDir: true } });
  writeBuildStamp(outDir, hash);
}
