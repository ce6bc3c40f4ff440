import { Box, Link, Text } from '@chakra-ui/react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import rehypeSanitize from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { CodeBlock } from './code-block';

type Element = NonNullable<ExtraProps['node']>;
type ElementContent = Element['children'][number];

/** The text inside a hast node (a code block's source, whatever spans a plugin wrapped it in). */
function textOf(node: Element | ElementContent | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value;
  return 'children' in node ? node.children.map(textOf).join('') : '';
}

const components: Components = {
  // react-markdown's URL filter has already emptied javascript:, vbscript: and data: links.
  a: ({ href, children }) =>
    href ? (
      <Link href={href} target="_blank" rel="noopener noreferrer nofollow" color="brand.fg" textDecoration="underline">
        {children}
      </Link>
    ) : (
      <Text as="span">{children}</Text>
    ),
  // An answer never loads a picture by itself (no tracking pixels): it is offered as a link.
  img: ({ src, alt }) =>
    typeof src === 'string' && src ? (
      <Link href={src} target="_blank" rel="noopener noreferrer nofollow" color="brand.fg" textDecoration="underline">
        [图片：{alt || '未命名'}]
      </Link>
    ) : null,
  pre: ({ node }) => {
    const code = node?.children.find((child): child is Element => child.type === 'element' && child.tagName === 'code');
    const className = code?.properties?.className;
    const language = (Array.isArray(className) ? className : [])
      .map(String)
      .find((name) => name.startsWith('language-'))
      ?.slice('language-'.length);
    return <CodeBlock code={textOf(code).replace(/\n$/, '')} language={language} />;
  },
};

const proseStyles = {
  wordBreak: 'break-word',
  lineHeight: '1.75',
  '& p, & ul, & ol, & blockquote, & table': { marginY: '0' },
  '& > * + *, & li > * + *': { marginTop: '2' },
  '& ul': { paddingInlineStart: '5', listStyleType: 'disc' },
  '& ol': { paddingInlineStart: '5', listStyleType: 'decimal' },
  '& li': { marginY: '1' },
  '& h1, & h2, & h3, & h4': { fontWeight: 'semibold' },
  '& h1': { fontSize: 'xl' },
  '& h2': { fontSize: 'lg' },
  '& h3, & h4': { fontSize: 'md' },
  '& blockquote': { borderInlineStartWidth: '3px', borderColor: 'gray.300', paddingInlineStart: '3', color: 'gray.600' },
  '& :not(pre) > code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'gray.100', paddingX: '1', rounded: 'sm' },
  '& table': { borderCollapse: 'collapse', display: 'block', overflowX: 'auto' },
  '& th, & td': { borderWidth: '1px', borderColor: 'gray.200', paddingX: '2', paddingY: '1', textAlign: 'start' },
  '& th': { bg: 'gray.50', fontWeight: 'semibold' },
  '& hr': { marginY: '3', borderColor: 'gray.200' },
};

/**
 * A model's answer as markdown (GFM tables, lists, code), safely: raw HTML in the answer is never parsed
 * into elements, unsafe link protocols are dropped, and rehype-sanitize (GitHub's schema) strips whatever
 * else could run script or restyle the page.
 */
export function MarkdownAnswer({ content }: { content: string }) {
  return (
    <Box css={proseStyles} data-testid="markdown-answer">
      <ReactMarkdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]} components={components}>
        {content}
      </ReactMarkdown>
    </Box>
  );
}
