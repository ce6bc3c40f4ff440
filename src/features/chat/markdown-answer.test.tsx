import { ChakraProvider } from '@chakra-ui/react';
import { render, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { system } from '@/theme/system';
import { MarkdownAnswer } from './markdown-answer';
import { HOSTILE_ANSWER, expectHarmless } from './test-helpers';

function renderAnswer(content: string) {
  const { container } = render(
    <ChakraProvider value={system}>
      <MarkdownAnswer content={content} />
    </ChakraProvider>,
  );
  return container.querySelector('[data-testid="markdown-answer"]') as HTMLElement;
}

describe('MarkdownAnswer', () => {
  afterEach(() => {
    delete (window as { __chatPwned?: unknown }).__chatPwned;
  });

  it('renders a hostile answer without any of its HTML, unsafe links or pictures reaching the page', () => {
    const root = renderAnswer(HOSTILE_ANSWER);
    expectHarmless(root);
    expect(within(root).getByText('结论').tagName).toBe('STRONG');
    // Unsafe links keep their words, not their target.
    for (const text of ['点我查看', '数据链接', '脚本链接']) expect(within(root).getByText(text).closest('a')).toBeNull();
    expect(within(root).queryByText('点击领取')).not.toBeInTheDocument();
    expect(within(root).queryByText('原始链接')).not.toBeInTheDocument();
    // A picture is offered as a link, never loaded.
    expect(within(root).getByRole('link', { name: '[图片：追踪像素]' })).toHaveAttribute('href', 'https://tracker.example/p.png');
    const safe = within(root).getByRole('link', { name: '知网' });
    expect(safe).toHaveAttribute('href', 'https://www.cnki.net/');
    expect(safe).toHaveAttribute('target', '_blank');
    expect(safe.getAttribute('rel')).toContain('noopener');
    // Code is shown as text.
    expect(within(root).getByText('<script>alert(1)</script>').tagName).toBe('CODE');
  });

  it('renders GFM: tables, task lists, strikethrough and fenced code with its language and a copy button', () => {
    const root = renderAnswer(['| 方法 | 优点 |', '| --- | --- |', '| 问卷 | 样本大 |', '', '- [x] 选题', '- [ ] 开题', '', '~~旧说法~~', '', '```python', 'print("你好")', '```'].join('\n'));
    expect(within(root).getByRole('table')).toBeInTheDocument();
    expect(within(root).getByRole('cell', { name: '样本大' })).toBeInTheDocument();
    expect(within(root).getAllByRole('checkbox')).toHaveLength(2);
    expect(within(root).getByText('旧说法').tagName).toBe('DEL');
    expect(within(root).getByText('python')).toBeInTheDocument();
    expect(within(root).getByText('print("你好")').tagName).toBe('CODE');
    expect(within(root).getByRole('button', { name: '复制代码' })).toBeInTheDocument();
  });
});
