// orval writes client functions next to the MSW handlers it generates into mocks/gen; the app's
// client lives in src/api/gen, so only the *.msw.ts files and their models are kept here.
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

function prune(dir: string): void {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (name !== 'model') prune(path);
    } else if (name.endsWith('.ts') && !name.endsWith('.msw.ts') && name !== 'index.msw.ts') {
      rmSync(path);
    }
  }
}

prune('mocks/gen');
