import { describe, expect, it } from 'vitest';
import { formatDateTime, formatRelativeTime } from './time';

const now = new Date(2026, 2, 10, 12, 0, 0).getTime();
const ago = (ms: number) => now - ms;
const s = 1000;
const min = 60 * s;
const h = 60 * min;
const day = 24 * h;

describe('formatRelativeTime', () => {
  it('says 刚刚 under 30 seconds and switches to minutes at 30 seconds', () => {
    expect(formatRelativeTime(ago(29 * s), now)).toBe('刚刚');
    expect(formatRelativeTime(ago(30 * s), now)).toBe('1分钟前');
  });

  it('counts minutes up to 59 and switches to hours at one hour', () => {
    expect(formatRelativeTime(ago(59 * min), now)).toBe('59分钟前');
    expect(formatRelativeTime(ago(h), now)).toBe('1小时前');
  });

  it('says 1天前 from one day and the date from two days', () => {
    expect(formatRelativeTime(ago(day - s), now)).toBe('24小时前');
    expect(formatRelativeTime(ago(day), now)).toBe('1天前');
    expect(formatRelativeTime(ago(2 * day), now)).toBe(formatDateTime(ago(2 * day)));
    expect(formatRelativeTime(ago(2 * day), now)).toBe('2026-03-08 12:00');
  });

  it('accepts ISO strings', () => {
    expect(formatRelativeTime(new Date(ago(5 * min)).toISOString(), now)).toBe('5分钟前');
  });
});
