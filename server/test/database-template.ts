import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { migrateEmbedded, migrationsFolder } from '../db/migrate';

// A fresh in-memory PGlite spends about 3 s in initdb; the suite opens a few hundred. Each test database
// starts instead from a dump of one that is already initialised and migrated (about 0.6 s to load), made once
// per set of migrations and PGlite version and kept in the temporary directory for the next test process.

function templateKey(): string {
  const hash = createHash('sha256');
  // package.json pins PGlite's exact version.
  const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
  hash.update(manifest.dependencies['@electric-sql/pglite']);
  for (const name of readdirSync(migrationsFolder).sort()) if (name.endsWith('.sql')) hash.update(name).update(readFileSync(join(migrationsFolder, name)));
  hash.update(readFileSync(join(migrationsFolder, 'meta', '_journal.json')));
  return hash.digest('hex').slice(0, 16);
}

async function makeTemplate(file: string): Promise<Blob> {
  const client = await PGlite.create();
  try {
    await migrateEmbedded(client);
    const dump = await client.dumpDataDir('none');
    // Written under another name and renamed: a test process reading it never sees half a file.
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    return dump;
  } finally {
    await client.close();
  }
}

let template: Promise<Blob> | undefined;

/** A dump of a migrated, empty database, for `openDatabase({ memory: true, loadDataDir })`. */
export function migratedTemplate(): Promise<Blob> {
  template ??= (async () => {
    const file = join(tmpdir(), `moyan-test-db-${templateKey()}.tar`);
    try {
      return new Blob([readFileSync(file)]);
    } catch {
      return makeTemplate(file);
    }
  })();
  return template;
}
