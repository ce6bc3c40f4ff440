import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

// The README and docs/ are read on GitHub and in a clone: every relative link must reach its file (and heading),
// and every repository path they name in backticks must still exist after code moves.
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SKIPPED = new Set(['node_modules', 'dist', 'data', '.git', 'artifacts', 'out']);
// Folders and files that only exist once something has run.
const MADE_AT_RUN_TIME = ['e2e/artifacts/', 'bench/out/'];
const REPO_PATH = /^(?:src|server|common|mocks|contracts|openapi|e2e|bench|scripts|docs|public)\/[^\s*<>…{}|]*$/;

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const withoutCodeBlocks = (text: string) => text.replace(/^```[\s\S]*?^```/gm, '');
/** Markdown outside code blocks and inline code. */
const prose = (text: string) => withoutCodeBlocks(text).replace(/`[^`\n]*`/g, '');

function anchorsOf(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const headings = withoutCodeBlocks(readFileSync(file, 'utf8')).match(/^#{1,6} .+$/gm) ?? [];
  return new Set(headings.map((heading) => slugger.slug(heading.replace(/^#+ /, '').replace(/[`*]/g, ''))));
}

function brokenLinks(file: string): string[] {
  const links = [...prose(readFileSync(file, 'utf8')).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]);
  return links.flatMap((link) => {
    if (/^[a-z]+:/i.test(link)) return [];
    const [path, anchor] = link.split('#');
    const target = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
    if (!existsSync(target)) return [`${link} (no such file)`];
    if (anchor && statSync(target).isFile() && target.endsWith('.md') && !anchorsOf(target).has(decodeURIComponent(anchor))) {
      return [`${link} (no such heading)`];
    }
    return [];
  });
}

function missingPaths(file: string): string[] {
  const named = [...withoutCodeBlocks(readFileSync(file, 'utf8')).matchAll(/`([^`\n]+)`/g)].map((m) => m[1]).filter((path) => REPO_PATH.test(path));
  return named.filter((path) => !MADE_AT_RUN_TIME.some((made) => path.startsWith(made)) && !existsSync(join(root, path)));
}

const pages = markdownFiles(root).map((file) => relative(root, file));
const docs = pages.filter((page) => page === 'README.md' || page.startsWith('docs/'));

describe('documentation', () => {
  it('finds the README and the docs', () => {
    expect(docs).toContain('README.md');
    expect(docs).toContain('docs/architecture.md');
  });

  it.each(pages)('%s: every relative link resolves', (page) => {
    expect(brokenLinks(join(root, page))).toEqual([]);
  });

  it.each(docs)('%s: every repository path it names exists', (page) => {
    expect(missingPaths(join(root, page))).toEqual([]);
  });
});
