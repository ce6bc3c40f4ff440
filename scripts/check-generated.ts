// `npm run gen:check`: regenerates everything derived from the contract and fails when the result differs
// from the working tree (changed, added or deleted files), so a schema change without `npm run gen` cannot
// pass CI. It compares with the files on disk, not with the last commit.
import { execFileSync } from 'node:child_process';
import { drift, GENERATED, readFiles } from './generated-drift';

const root = process.cwd();
const before = readFiles(root, GENERATED);
execFileSync('npm', ['run', '--silent', 'gen'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
const changes = drift(before, readFiles(root, GENERATED));
if (changes.length > 0) {
  console.error("Generated files differed from the contract; 'npm run gen' has now rewritten them (review and commit):");
  console.error(changes.join('\n'));
  process.exit(1);
}
console.log('generated files match the contract');
