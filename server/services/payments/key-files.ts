import { readFileSync } from 'node:fs';

/** A key file named by a setting; a missing or unreadable file stops the start with the setting and path, never the content. */
export function readKeyFile(setting: string, path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`${setting}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'error'})`, { cause: error });
  }
}
