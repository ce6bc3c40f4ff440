// Runs after orval writes mocks/gen. orval writes client functions next to the MSW handlers there; the
// app's client lives in src/api/gen, so only the *.msw.ts files and their models are kept. orval also
// writes index.msw.ts in the order its writes finish, so the lines are sorted to keep the output stable.
// The handlers call mocks/vocab for realistic values (mocks/mock-properties.ts); orval writes those calls
// but not their import, which is added here.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = 'mocks/gen';

function prune(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'model') prune(path);
    } else if (name.endsWith('.ts') && !name.endsWith('.msw.ts')) {
      rmSync(path);
    } else if (name.endsWith('.msw.ts') && name !== 'index.msw.ts') {
      importVocab(path);
    }
  }
}

function importVocab(path: string): void {
  const source = readFileSync(path, 'utf8');
  if (!source.includes('vocab.') || source.includes("from '../../vocab'")) return;
  const fakerImport = "} from '@faker-js/faker/locale/zh_CN';\n";
  if (!source.includes(fakerImport)) throw new Error(`${path}: no faker import to put the vocab import after`);
  writeFileSync(path, source.replace(fakerImport, `${fakerImport}import { vocab } from '../../vocab';\n`));
}

function sortIndex(path: string): void {
  const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
  writeFileSync(path, `${lines.sort().join('\n')}\n`);
}

prune(root);
sortIndex(join(root, 'index.msw.ts'));
