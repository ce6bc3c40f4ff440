import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS_FILE, commonPasswordList } from './common-passwords';

describe('common/common-passwords.json', () => {
  it('is the list scripts/common-passwords.ts makes: about two thousand lowercase passwords of 6 or more characters', () => {
    const shipped = JSON.parse(readFileSync(COMMON_PASSWORDS_FILE, 'utf8')) as string[];
    expect(shipped, 'run npx tsx scripts/common-passwords.ts').toEqual(commonPasswordList());
    expect(shipped.length).toBeGreaterThan(2000);
    expect(shipped.every((p) => p === p.toLowerCase() && p.length >= 6)).toBe(true);
    expect(shipped).toEqual(expect.arrayContaining(['password', 'qwertyuiop', 'woaini1314']));
  });
});
