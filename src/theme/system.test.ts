import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defaultConfig } from '@chakra-ui/react';
import { describe, expect, it } from 'vitest';
import { recipes, slotRecipes } from './system';

const srcDir = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Components whose recipe has another name, or that render another recipe's component inside. */
const ALSO_NEEDS: Record<string, string[]> = {
  IconButton: ['button'],
  CloseButton: ['button'],
  Button: ['spinner'],
  Toaster: ['toast'],
};

describe('the Chakra system', () => {
  it('has the recipe of every Chakra component imported under src/ (a missing one renders unstyled, silently)', () => {
    const imported = new Set<string>();
    for (const file of sourceFiles(srcDir)) {
      for (const [, names] of readFileSync(file, 'utf8').matchAll(/import\s*(?:type\s*)?\{([^}]+)\}\s*from\s*'@chakra-ui\/react'/g)) {
        for (const name of names.split(','))
          imported.add(
            name
              .trim()
              .replace(/^type\s+/, '')
              .split(/\s+as\s+/)[0],
          );
      }
    }
    const allDefault = { ...defaultConfig.theme?.recipes, ...defaultConfig.theme?.slotRecipes };
    const ours = { ...recipes, ...slotRecipes };
    const needed = new Set<string>();
    for (const name of imported) {
      const key = name.charAt(0).toLowerCase() + name.slice(1);
      if (key in allDefault) needed.add(key);
      for (const other of ALSO_NEEDS[name] ?? []) needed.add(other);
    }
    expect(needed.size).toBeGreaterThan(10);
    expect([...needed].filter((key) => !(key in ours)).sort()).toEqual([]);
  });
});
