import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// `npm run bench [-- NAME [ARGS...]]`: runs every bench/<name>/index.ts (or only NAME) in its own
// process, passing ARGS on.
const here = dirname(fileURLToPath(import.meta.url));
const benches = readdirSync(here, { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(here, d.name, 'index.ts')))
  .map((d) => d.name)
  .sort();
const [first, ...rest] = process.argv.slice(2);
const selected = first && benches.includes(first) ? [first] : benches;
const args = first && benches.includes(first) ? rest : process.argv.slice(2);

let failed = false;
for (const name of selected) {
  console.log(`\n== bench/${name}`);
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, name, 'index.ts'), ...args], { stdio: 'inherit' });
  console.log(`== bench/${name} ${result.status === 0 ? 'finished' : 'FAILED'} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  failed ||= result.status !== 0;
}
process.exitCode = failed ? 1 : 0;
