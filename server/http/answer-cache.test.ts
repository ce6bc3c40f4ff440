import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache';

describe('the answer cache', () => {
  it('serialises an answer once for every request asking at the same time, then serves the kept bytes', async () => {
    const cache = new AnswerCache(1024);
    let builds = 0;
    let finish: () => void = () => undefined;
    const slow = () =>
      new Promise<Buffer>((resolve) => {
        builds++;
        finish = () => resolve(Buffer.from('{"success":true}'));
      });
    const waiting = Array.from({ length: 10 }, () => cache.get('report-1', slow));
    await new Promise((resolve) => setImmediate(resolve));
    finish();
    const answers = await Promise.all(waiting);
    expect(builds).toBe(1);
    expect(new Set(answers.map(String))).toEqual(new Set(['{"success":true}']));
    expect(String(await cache.get('report-1', slow))).toBe('{"success":true}');
    expect(builds).toBe(1);
  });

  it('keeps at most its size, dropping the least recently read first', async () => {
    const cache = new AnswerCache(10);
    let builds = 0;
    const build = (text: string) => async () => {
      builds++;
      return Buffer.from(text);
    };
    await cache.get('a', build('aaaa'));
    await cache.get('b', build('bbbb'));
    await cache.get('a', build('aaaa'));
    await cache.get('c', build('cccc'));
    expect(builds).toBe(3);
    await cache.get('a', build('aaaa'));
    expect(builds).toBe(3);
    await cache.get('b', build('bbbb'));
    expect(builds).toBe(4);
  });

  it('builds again after a failed build', async () => {
    const cache = new AnswerCache(1024);
    await expect(cache.get('x', async () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(String(await cache.get('x', async () => Buffer.from('ok')))).toBe('ok');
  });
});
