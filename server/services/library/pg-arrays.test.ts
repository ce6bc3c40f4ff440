import { describe, expect, it } from 'vitest';
import { intArray, textArray } from './pg-arrays';

describe('PostgreSQL array literals', () => {
  it('quotes every string and escapes quotes and backslashes', () => {
    expect(textArray(['研究', 'a"b', 'c\\d', '', 'NULL', '{x,y}'])).toBe('{"研究","a\\"b","c\\\\d","","NULL","{x,y}"}');
  });

  it('writes empty arrays as {}', () => {
    expect(textArray([])).toBe('{}');
    expect(intArray(new Int32Array(0))).toBe('{}');
  });

  it('refuses a NUL, which PostgreSQL text cannot hold', () => {
    expect(() => textArray(['a\0b'])).toThrow(/NUL/);
  });

  it('writes integers from arrays and typed arrays alike', () => {
    expect(intArray([1, -2, 3])).toBe('{1,-2,3}');
    expect(intArray(Int32Array.of(-2147483648, 2147483647))).toBe('{-2147483648,2147483647}');
  });
});
