import { expect } from 'vitest';
import { setMockStreamPace } from '../../../mocks/overrides/chat';

/** What a model could be tricked into answering: every way HTML or a link could run script or restyle the page. */
export const HOSTILE_ANSWER = [
  '**结论**：以下是参考资料。',
  '',
  '<script>window.__chatPwned = "script"</script>',
  '<img src="x" onerror="window.__chatPwned = \'img\'">',
  '<iframe src="https://evil.example/"></iframe>',
  '<div style="position:fixed;inset:0" onclick="window.__chatPwned = \'div\'">点击领取</div>',
  '<a href="javascript:window.__chatPwned = \'raw-link\'">原始链接</a>',
  '',
  '[点我查看](javascript:window.__chatPwned=1) [数据链接](data:text/html;base64,PHNjcmlwdD4=) [脚本链接](vbscript:msgbox)',
  '',
  '![追踪像素](https://tracker.example/p.png)',
  '',
  '[知网](https://www.cnki.net/)',
  '',
  '```html',
  '<script>alert(1)</script>',
  '```',
].join('\n');

/** Nothing in the rendered answer that can run script, load something by itself or escape its box. */
export function expectHarmless(root: HTMLElement) {
  expect(root.querySelectorAll('script, iframe, object, embed, img, style, form, input')).toHaveLength(0);
  for (const element of Array.from(root.querySelectorAll('*'))) {
    for (const { name } of Array.from(element.attributes)) expect(name).not.toMatch(/^on|^style$|^srcdoc$/i);
  }
  for (const link of Array.from(root.querySelectorAll('a'))) expect(link.getAttribute('href') ?? '').toMatch(/^https?:\/\//);
  expect((window as { __chatPwned?: unknown }).__chatPwned).toBeUndefined();
}

/** The mocked answer streams one piece (3 characters) each time the test says so. */
export function manualPace() {
  const waiting: (() => void)[] = [];
  let credit = 0;
  setMockStreamPace(() => {
    if (credit > 0) {
      credit -= 1;
      return Promise.resolve();
    }
    return new Promise<void>((resolve) => waiting.push(resolve));
  });
  return {
    step(pieces = 1) {
      for (let i = 0; i < pieces; i += 1) {
        const next = waiting.shift();
        if (next) next();
        else credit += 1;
      }
    },
  };
}

