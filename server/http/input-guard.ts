import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors';

// PostgreSQL refuses U+0000 in text (a 500 from any query that carries it) and a lone UTF-16 surrogate
// in jsonb, and turns one into U+FFFD in text, so a value would not read back as sent. Both are
// refused for every string of a request before a handler or the database sees it.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

type Problem = 'nul' | 'surrogate';

const messages: Record<Problem, string> = {
  nul: '包含不允许的字符（U+0000），请删除后重试',
  surrogate: '包含无法识别的字符（不成对的 UTF-16 代理项），请删除后重试',
};

const sources = { params: '请求地址', query: '查询参数', body: '请求体' } as const;

/** preValidation hook: path parameters, query string and body (JSON at any depth, multipart fields and file names). */
export async function rejectUnsafeText(request: FastifyRequest): Promise<void> {
  for (const source of Object.keys(sources) as Array<keyof typeof sources>) {
    const found = findUnsafeText(request[source]);
    if (!found) continue;
    // The field's name helps the user find it; a long one (a client's own key) and the static files'
    // wildcard (*) are left out.
    const named = found.path !== '' && found.path !== '*' && found.path.length <= 64;
    const where = named ? `${sources[source]} ${found.path} ` : sources[source];
    throw new AppError(400, 'INVALID_CHARACTER', `${where}${messages[found.problem]}`);
  }
}

/** The first string (or object key) under value with U+0000 or a lone surrogate, and where it is. */
export function findUnsafeText(value: unknown): { path: string; problem: Problem } | null {
  // Iterative, so no nesting depth a client sends can overflow the stack.
  const pending: Array<[unknown, string]> = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [item, path] = next;
    if (typeof item === 'string') {
      const problem = problemOf(item);
      if (problem) return { path, problem };
      continue;
    }
    // Uploaded file contents are bytes, not text; their name and type are checked like any field.
    if (typeof item !== 'object' || item === null || Buffer.isBuffer(item)) continue;
    const isArray = Array.isArray(item);
    for (const [key, child] of Object.entries(item)) {
      const problem = problemOf(key);
      if (problem) return { path, problem };
      pending.push([child, isArray ? `${path}[${key}]` : path ? `${path}.${key}` : key]);
    }
  }
  return null;
}

function problemOf(text: string): Problem | null {
  if (text.includes('\0')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'surrogate' : null;
}
