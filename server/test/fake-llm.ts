// A fake OpenAI-compatible model server for tests, benches, e2e and demos (`npm run fake-llm`): a real HTTP
// server on loopback speaking POST /v1/chat/completions (streamed or not, with `usage` and `logprobs`) and
// GET /v1/models. Its answers are canned, chosen by the prompt, and say plainly that they are canned.
//
// Faults are scripted by markers in the last user message, e.g. `[[fake:500]]` or `[[fake:slow-first-token=2000]]`,
// or for the next requests whatever their prompt, by `fake.script(...)` or `POST /_fake/script {"faults": [...]}`, or
// for every request that mentions a text anywhere in its messages (one account's papers, say) by `fake.when(...)`:
//   slow-first-token=MS   wait MS before the first token          slow=MS        wait MS between tokens
//   error-mid-stream=N    an error event after N tokens (default 5; non-stream: 500)
//   429-then-ok=S         429 with Retry-After: S (or retry-after-ms with `=300ms`), then success for the same prompt
//   500                   HTTP 500 every time                     500-then-ok    HTTP 500 once, then success
//   malformed-chunk=N     a chunk that is not JSON after N tokens (default 3)
//   reset=N               the connection destroyed after N tokens (default 3)
//   hang=N                N tokens (default 0), then nothing more, ever
//   no-usage              no `usage`, even when asked             long           a long answer (about 600 tokens)
//   html                  an answer with raw HTML in it (for sanitiser tests)
// Every request is logged (`fake.requests`, `GET /_fake/requests`): what was asked, when the first and last
// token left, how many tokens, and whether the client went away before the end (`aborted`).
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_MODEL = 'moyan-fake';

export interface FakeLlmOptions {
  host?: string;
  port?: number;
  /** When set, requests must carry `Authorization: Bearer <apiKey>` (else 401). */
  apiKey?: string;
  /** Model names this endpoint serves; others get 404 model_not_found. Default [FAKE_MODEL]. */
  models?: string[];
  /** Pause between tokens in ms (0: as fast as the socket takes them). */
  tokenDelayMs?: number;
  /** What the endpoint does with `logprobs: true`: answer them, ignore the parameter, or refuse it with 400. */
  logprobs?: 'supported' | 'ignored' | 'rejected';
}

export interface FakeRequest {
  id: number;
  model: string;
  stream: boolean;
  messages: Array<{ role: string; content: string }>;
  maxTokens: number | null;
  logprobs: boolean;
  topLogprobs: number | null;
  includeUsage: boolean;
  authorization: string | null;
  faults: string[];
  status: number;
  receivedAt: number;
  /** Epoch ms (performance.timeOrigin + performance.now()) the first and last token were written. */
  firstTokenAt: number | null;
  lastTokenAt: number | null;
  tokens: number;
  /** The client closed the connection before the answer ended. */
  aborted: boolean;
  finished: boolean;
}

export interface FakeLlm {
  /** The LLM_BASE_URL to use: http://127.0.0.1:PORT/v1 */
  url: string;
  port: number;
  requests: FakeRequest[];
  /** Faults for the next requests, whatever their prompt: one entry per request, e.g. ['500', '429-then-ok=1']. */
  script(...faults: string[]): void;
  /** Faults for every request with `text` in one of its messages, until reset: e.g. when('洪水', 'slow=300'). */
  when(text: string, ...faults: string[]): void;
  /** Resolves once `predicate` holds for a logged request (polling the log), with that request. */
  waitFor(predicate: (request: FakeRequest) => boolean, timeoutMs?: number): Promise<FakeRequest>;
  reset(): void;
  close(): Promise<void>;
}

const CANNED_NOTE = '（这是墨研测试用模拟模型的固定回答，不是真实大模型的输出。）';

const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeLlm(options: FakeLlmOptions = {}): Promise<FakeLlm> {
  const models = options.models ?? [FAKE_MODEL];
  const requests: FakeRequest[] = [];
  const scripted: string[] = [];
  const rules: Array<{ text: string; faults: string[] }> = [];
  // How often a prompt was seen, for the "... then ok" faults.
  const seen = new Map<string, number>();
  const sockets = new Set<import('node:net').Socket>();

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, String(error), 'server_error');
      else res.destroy();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    if (req.method === 'GET' && url.pathname === '/v1/models') {
      if (!authorized(req)) return sendError(res, 401, 'Incorrect API key provided.', 'invalid_api_key');
      return sendJson(res, 200, {
        object: 'list',
        data: models.map((id) => ({ id, object: 'model', created: 1_767_225_600, owned_by: 'moyan-fake' })),
      });
    }
    if (url.pathname === '/_fake/requests' && req.method === 'GET') return sendJson(res, 200, requests);
    if (url.pathname === '/_fake/reset' && req.method === 'POST') {
      reset();
      return sendJson(res, 200, { ok: true });
    }
    if (url.pathname === '/_fake/script' && req.method === 'POST') {
      const body = (await readJson(req)) as { faults?: unknown };
      if (!Array.isArray(body?.faults)) return sendError(res, 400, 'faults must be an array of strings', 'invalid_request_error');
      scripted.push(...body.faults.map(String));
      return sendJson(res, 200, { ok: true, scripted: scripted.length });
    }
    if (url.pathname !== '/v1/chat/completions' || req.method !== 'POST') {
      return sendError(res, 404, `Unknown route ${req.method} ${url.pathname}`, 'not_found');
    }
    await completions(req, res);
  }

  function authorized(req: IncomingMessage): boolean {
    return !options.apiKey || req.headers.authorization === `Bearer ${options.apiKey}`;
  }

  async function completions(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = (await readJson(req)) as ChatBody | undefined;
    const messages = (body?.messages ?? []).map((m) => ({ role: String(m.role), content: contentOf(m.content) }));
    const lastUser = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const ruled = rules.filter((r) => messages.some((m) => m.content.includes(r.text))).flatMap((r) => r.faults);
    const faults = [...markersIn(lastUser), ...ruled, ...(scripted.length > 0 ? [scripted.shift() as string] : [])];
    const record: FakeRequest = {
      id: requests.length + 1,
      model: String(body?.model ?? ''),
      stream: body?.stream === true,
      messages,
      maxTokens: typeof body?.max_tokens === 'number' ? body.max_tokens : (body?.max_completion_tokens ?? null),
      logprobs: body?.logprobs === true,
      topLogprobs: typeof body?.top_logprobs === 'number' ? body.top_logprobs : null,
      includeUsage: body?.stream_options?.include_usage === true,
      authorization: req.headers.authorization ?? null,
      faults,
      status: 200,
      receivedAt: now(),
      firstTokenAt: null,
      lastTokenAt: null,
      tokens: 0,
      aborted: false,
      finished: false,
    };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.aborted = true;
    });
    const fail = (status: number, message: string, type: string, headers: Record<string, string> = {}) => {
      record.status = status;
      record.finished = true;
      sendError(res, status, message, type, headers);
    };

    if (!body || !Array.isArray(body.messages)) return fail(400, 'messages is required', 'invalid_request_error');
    if (!authorized(req)) return fail(401, 'Incorrect API key provided.', 'invalid_api_key');
    if (!models.includes(record.model)) {
      return fail(404, `The model \`${record.model}\` does not exist or you do not have access to it.`, 'model_not_found');
    }
    if (record.logprobs && options.logprobs === 'rejected') {
      return fail(400, 'logprobs is not supported by this model', 'invalid_request_error');
    }

    const fault = parseFaults(faults);
    const key = createHash('sha256').update(JSON.stringify(messages)).digest('hex');
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    if (fault.has('500')) return fail(500, 'The server had an error while processing your request.', 'server_error');
    if (fault.has('500-then-ok') && count === 1) return fail(500, 'The server had an error (once).', 'server_error');
    if (fault.has('429-then-ok') && count === 1) {
      const value = fault.get('429-then-ok') ?? '1';
      const headers: Record<string, string> = value.endsWith('ms')
        ? { 'retry-after-ms': String(Number.parseInt(value, 10)), 'retry-after': '1' }
        : { 'retry-after': String(Number.parseInt(value, 10) || 1) };
      return fail(429, 'Rate limit reached, please retry later.', 'rate_limit_exceeded', headers);
    }

    const maxTokens = record.maxTokens ?? Number.POSITIVE_INFINITY;
    const answer = tokenize(answerFor(lastUser, fault));
    const tokens = answer.slice(0, maxTokens);
    const finishReason = tokens.length < answer.length ? 'length' : 'stop';
    const withLogprobs = record.logprobs && options.logprobs !== 'ignored';
    const usage = {
      prompt_tokens: messages.reduce((sum, m) => sum + 4 + [...m.content].length, 0),
      completion_tokens: tokens.length,
      total_tokens: 0,
    };
    usage.total_tokens = usage.prompt_tokens + usage.completion_tokens;
    const sendUsage = !fault.has('no-usage');
    const id = `chatcmpl-fake-${record.id}`;
    const created = Math.floor(Date.now() / 1000);
    const slowFirst = Number(fault.get('slow-first-token') ?? 0);
    const delay = Number(fault.get('slow') ?? options.tokenDelayMs ?? 0);

    if (!record.stream) {
      if (slowFirst > 0) await sleep(slowFirst);
      if (fault.has('error-mid-stream')) return fail(500, 'The model failed while generating.', 'server_error');
      if (fault.has('hang')) return;
      if (fault.has('reset')) {
        res.destroy();
        return;
      }
      record.firstTokenAt = record.lastTokenAt = now();
      record.tokens = tokens.length;
      record.finished = true;
      return sendJson(res, 200, {
        id,
        object: 'chat.completion',
        created,
        model: record.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: tokens.join('') },
            logprobs: withLogprobs ? { content: tokens.map((t) => logprobOf(t, record.topLogprobs ?? 0)) } : null,
            finish_reason: finishReason,
          },
        ],
        ...(sendUsage ? { usage } : {}),
      });
    }

    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const write = (data: unknown) => {
      if (res.destroyed) return false;
      res.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
      return true;
    };
    const chunk = (delta: Record<string, unknown>, finish: string | null, logprobs?: unknown) => ({
      id,
      object: 'chat.completion.chunk',
      created,
      model: record.model,
      choices: [{ index: 0, delta, logprobs: logprobs ?? null, finish_reason: finish }],
    });
    write(chunk({ role: 'assistant', content: '' }, null));
    if (slowFirst > 0) await sleep(slowFirst);

    const stopAt = (name: string, fallback: number) => (fault.has(name) ? Number(fault.get(name) ?? fallback) : -1);
    const errorAt = stopAt('error-mid-stream', 5);
    const malformedAt = stopAt('malformed-chunk', 3);
    const resetAt = stopAt('reset', 3);
    const hangAt = stopAt('hang', 0);
    for (let i = 0; i < tokens.length; i++) {
      if (i === errorAt) {
        write({ error: { message: 'The model failed while generating.', type: 'server_error', code: null } });
        record.finished = true;
        res.end();
        return;
      }
      if (i === malformedAt) {
        write('{"id": "broken", "choices": [');
        record.finished = true;
        res.end();
        return;
      }
      if (i === resetAt) {
        // Let the tokens already written reach the client first, as on a connection lost later.
        if (i > 0) await sleep(50);
        res.destroy();
        return;
      }
      if (i === hangAt) return;
      if (i > 0 && delay > 0) await sleep(delay);
      const logprobs = withLogprobs ? { content: [logprobOf(tokens[i], record.topLogprobs ?? 0)] } : undefined;
      if (!write(chunk({ content: tokens[i] }, null, logprobs))) return;
      record.lastTokenAt = now();
      record.firstTokenAt ??= record.lastTokenAt;
      record.tokens = i + 1;
    }
    if (hangAt >= tokens.length) return;
    write(chunk({}, finishReason));
    if (record.includeUsage && sendUsage) write({ id, object: 'chat.completion.chunk', created, model: record.model, choices: [], usage });
    write('[DONE]');
    record.finished = true;
    res.end();
  }

  function reset(): void {
    requests.length = 0;
    scripted.length = 0;
    rules.length = 0;
    seen.clear();
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/v1`,
    port,
    requests,
    script: (...faults) => scripted.push(...faults),
    when: (text, ...faults) => rules.push({ text, faults }),
    waitFor: async (predicate, timeoutMs = 10_000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = requests.find(predicate);
        if (match) return match;
        if (Date.now() > deadline) throw new Error('fake model: no request matched in time');
        await sleep(10);
      }
    },
    reset,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

interface ChatBody {
  model?: unknown;
  messages?: Array<{ role?: unknown; content?: unknown }>;
  stream?: unknown;
  stream_options?: { include_usage?: unknown };
  max_tokens?: unknown;
  max_completion_tokens?: number;
  logprobs?: unknown;
  top_logprobs?: unknown;
}

function contentOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part as { text?: string }).text ?? '').join('');
  return '';
}

function markersIn(text: string): string[] {
  return [...text.matchAll(/\[\[fake:([a-z0-9-]+(?:=[0-9a-z]+)?)\]\]/g)].map((m) => m[1]);
}

function parseFaults(faults: string[]): Map<string, string | undefined> {
  return new Map(
    faults.map((fault) => {
      const [name, value] = fault.split('=');
      return [name, value];
    }),
  );
}

/** The canned answer for a prompt: the same prompt always gets the same answer. */
export function answerFor(prompt: string, fault: Map<string, string | undefined> = new Map()): string {
  const question = prompt.replace(/\[\[fake:[^\]]*\]\]/g, '').trim();
  const quoted = question.length > 40 ? `${question.slice(0, 40)}……` : question;
  const writing = writingAnswer(question);
  if (writing !== null) return writing;
  const slides = slidesAnswer(question);
  if (slides !== null) return slides;
  const parts = [CANNED_NOTE, `\n\n您的问题是：“${quoted}”。`];
  if (fault.has('html')) {
    parts.push('\n\n下面这段含有原始 HTML，界面应当把它当作文字显示：<img src="x" onerror="alert(1)"><script>alert(2)</script>');
  } else if (/代码|code|程序/i.test(question)) {
    parts.push('\n\n下面是一段计算文本相似度的示例代码：\n\n```python\ndef jaccard(a: str, b: str) -> float:\n    x, y = set(a), set(b)\n    return len(x & y) / len(x | y)\n```\n\n它按字符集合计算 Jaccard 相似度。');
  } else if (/文献综述|综述/.test(question)) {
    parts.push('\n\n文献综述一般包括三部分：\n\n1. **研究现状**：按时间或主题梳理已有研究；\n2. **主要观点**：比较不同学者的结论与方法；\n3. **研究不足**：指出尚未解决的问题，引出本文的研究。');
  } else {
    parts.push('\n\n学术写作的一般建议：先明确研究问题，再按“引言—方法—结果—讨论”组织全文，每个论断都给出依据，并规范引用参考文献。');
  }
  if (fault.has('long') || /长回答/.test(question)) {
    for (let i = 1; i <= 12; i++) {
      parts.push(`\n\n第 ${i} 段：这是一段用于测试停止与续传的较长模拟回答，内容固定，不代表任何真实观点。`);
    }
  }
  return parts.join('');
}

/**
 * Canned answers for the writing engine's prompts (server/engines/writing/prompts.ts marks them): an outline
 * as JSON, an abstract, a section that cites [1] and also an invented [7] (the citation check must remove it),
 * a companion material. Null for any other prompt.
 */
function writingAnswer(question: string): string | null {
  if (question.includes('【墨研写作·大纲】')) {
    return `${CANNED_NOTE}\n${JSON.stringify({
      chapters: [
        { heading: '绪论', sections: [{ heading: '研究背景与意义', points: ['现实需求'] }, { heading: '国内外研究现状', points: ['已有方法'] }] },
        { heading: '相关技术', sections: [{ heading: '基本概念', points: ['定义'] }, { heading: '关键方法', points: ['原理'] }] },
        { heading: '总结与展望', sections: [] },
      ],
    })}`;
  }
  if (question.includes('【墨研写作·摘要】')) {
    const english = question.includes('Abstract:') ? '\nAbstract: This is a canned abstract from the Moyan test model.' : '';
    return `摘要：${CANNED_NOTE}本文围绕题目展开研究，概括了研究问题、方法与主要结论。${english}`;
  }
  if (question.includes('【墨研写作·章节】')) {
    const heading = /现在请写：(.+?)（属于/.exec(question)?.[1] ?? '本节';
    // About as long as asked (up to 1 500 characters), so benches stream a section of realistic size.
    const asked = Math.min(1500, Number(/篇幅约 (\d+) 字/.exec(question)?.[1] ?? 0));
    const filler = '本节在此基础上展开分析，说明相关概念、方法与适用条件，并为后文奠定基础。';
    const body = filler.repeat(Math.max(1, Math.floor(asked / filler.length) - 1));
    return `${CANNED_NOTE}\n本节讨论“${heading}”。已有研究对此进行了系统梳理[1]。\n也有观点认为这一问题仍待深入研究[7]。${body}`;
  }
  if (question.includes('【墨研写作·材料】')) return `${CANNED_NOTE}\n这是一份配套材料的模拟草稿，内容固定，请按实际情况修改。`;
  return null;
}

/**
 * The canned slide outline for the slide-deck prompts (server/engines/slides/model.ts marks them
 * 【墨研幻灯片·大纲】): JSON with a cover, a table of contents, content, a table and the closing slide. Null
 * for any other prompt.
 */
function slidesAnswer(question: string): string | null {
  if (!question.includes('【墨研幻灯片·大纲】')) return null;
  const title = /标题：(.+)/.exec(question)?.[1]?.trim() ?? '模拟演示文稿';
  const slides = [
    { layout: 'cover', title, bullets: ['汇报人：（姓名）', '指导教师：（导师）', '（学校 学院）', '（日期）'], notes: `开场白。${CANNED_NOTE}` },
    { layout: 'toc', title: '目录', bullets: ['研究背景', '研究方法', '实验结果', '结论'], notes: '介绍汇报结构。' },
    { layout: 'content', title: '研究背景', bullets: ['模拟要点一：问题的来源', '模拟要点二：现有方法的不足'], notes: `说明研究动机。${CANNED_NOTE}` },
    { layout: 'content', title: '研究方法', bullets: ['模拟要点：总体技术路线', '模拟要点：关键模型设计'], notes: '讲解方法。' },
    { layout: 'table', title: '实验结果', bullets: [], notes: '读出表中的关键数字。', table: { header: ['方法', '准确率'], rows: [['基线', '85.0%'], ['本文方法', '87.6%']] } },
    { layout: 'summary', title: '结论', bullets: ['模拟结论：方法有效', '模拟展望：后续工作'], notes: '总结全文。' },
    { layout: 'ending', title: '谢谢！敬请各位老师批评指正', bullets: [], notes: '致谢并请老师提问。' },
  ];
  return `好的，下面是幻灯片大纲：\n\`\`\`json\n${JSON.stringify({ slides })}\n\`\`\``;
}

/** Splits an answer into the tokens the fake streams: a CJK character or punctuation mark each, a Latin word with its space. */
export function tokenize(text: string): string[] {
  return text.match(/[A-Za-z0-9_]+ ?|\s+|[^\sA-Za-z0-9_]/gu) ?? [];
}

function logprobOf(token: string, top: number) {
  const logprob = -(createHash('md5').update(token).digest().readUInt16BE(0) % 4000) / 1000;
  const alternatives = ['的', '是', '了', '在', '和'].filter((t) => t !== token);
  return {
    token,
    logprob,
    bytes: [...Buffer.from(token, 'utf8')],
    top_logprobs: [
      { token, logprob, bytes: [...Buffer.from(token, 'utf8')] },
      ...alternatives.map((alt, i) => ({ token: alt, logprob: logprob - 1 - i, bytes: [...Buffer.from(alt, 'utf8')] })),
    ].slice(0, top),
  };
}

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch {
        resolve(undefined);
      }
    });
    req.on('error', () => resolve(undefined));
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function sendError(res: ServerResponse, status: number, message: string, type: string, headers: Record<string, string> = {}): void {
  sendJson(res, status, { error: { message, type, code: type, param: null } }, headers);
}
