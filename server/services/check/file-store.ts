import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sha256Of } from '../../engines/text/prepare';

// Uploaded originals, content-addressed under DATA_DIR: the same file uploaded twice is stored once (a check,
// a rewording record and an AIGC detection of it share it; original-refs.ts removes it once none holds it).

function originalPath(dataDir: string, sha256: string): string {
  return join(dataDir, 'files', 'sha256', sha256.slice(0, 2), sha256);
}

/**
 * Stores the bytes (atomically: a temporary file renamed into place) and returns their SHA-256 (pass it
 * when it is known: hashing a 20 MB upload holds the thread for tens of milliseconds).
 */
export async function storeOriginal(dataDir: string, data: Buffer, sha256 = sha256Of(data)): Promise<string> {
  const path = originalPath(dataDir, sha256);
  if (await exists(path)) return sha256;
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, data);
  await rename(temporary, path);
  return sha256;
}

/** The stored bytes, or null when they are gone (a record from before originals were kept, a lost disk). */
export async function readOriginal(dataDir: string, sha256: string): Promise<Buffer | null> {
  try {
    return await readFile(originalPath(dataDir, sha256));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

export async function removeOriginal(dataDir: string, sha256: string): Promise<void> {
  await rm(originalPath(dataDir, sha256), { force: true });
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
