// `npm run bench -- llm [--streams 20] [--token-ms 10] [--think-ms 300]`: what our server adds to a streamed chat answer.
// The real server (server/server.ts, NODE_ENV=production, embedded PGlite) is pointed at the fake model
// (server/test/fake-llm.ts), which runs in this process beside the client, so the model's and the client's
// timestamps come from one clock. N answers are streamed through completions_stream at once:
// - first token: when the first `delta` event reaches the client minus when the fake model wrote its first
//   token (target < 5 ms). The model first thinks --think-ms (a real one takes 0.2-2 s to its first token);
//   a second round without any thinking shows the worst case (the question's storage cannot hide behind it);
// - per token, paced: the model writes one token every --token-ms ms (a real model's pace); how much later the
//   last token arrives than the first, relative to the model: (client last - model last) - (client first -
//   model first), divided by the tokens in between (target < 0.1 ms);
// - per token, burst: the model writes as fast as the socket takes them; how much longer the answer takes to
//   cross the server than to leave the model, per token, and the server's CPU time per token relayed.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createParser } from 'eventsource-parser';
import type { FakeRequest } from '../../server/test/fake-llm';
import { root, startModelServer } from '../model-server';
import { median, quantile as percentile } from '../stats';

const { values: args } = parseArgs({
  options: {
    streams: { type: 'string', default: '20' },
    'token-ms': { type: 'string', default: '10' },
    'think-ms': { type: 'string', default: '300' },
  },
  allowPositionals: true,
});
const STREAMS = Number(args.streams);
const TOKEN_MS = Number(args['token-ms']);
const THINK_MS = Number(args['think-ms']);
const USER = { username: 'benchllm', password: 'Moyan2026!' };
const now = () => performance.timeOrigin + performance.now();

const server = await startModelServer('llm', USER, {
  // All streams run at once (the default allows 8 model calls at a time) and one client asks them all.
  LLM_CONCURRENCY: String(Math.max(8, STREAMS * 2)),
  CHAT_RATE_LIMIT_PER_MINUTE: '10000',
  API_RATE_LIMIT_PER_MINUTE: '10000',
});
const { base, fake, token } = server;

interface StreamTiming {
  prompt: string;
  status: number;
  headersAt: number;
  firstDeltaAt: number | null;
  lastDeltaAt: number | null;
  deltas: number;
  end: string;
}

try {
  // Warm up: the tokenizer, the JIT, the database's first transactions.
  for (let i = 0; i < 3; i++) await ask(token, `热身 ${i} 长回答`);
  fake.reset();

  const paced = await round(token, `[[fake:slow-first-token=${THINK_MS}]] [[fake:slow=${TOKEN_MS}]]`);
  const instant = await round(token, `[[fake:slow=${TOKEN_MS}]]`);
  const burst = await round(token, '');

  const rows = [
    summarise(`paced: ${THINK_MS} ms to think, ${TOKEN_MS} ms a token`, paced),
    summarise(`paced, no thinking: first token at once`, instant),
    summarise('burst: model at full speed', burst),
  ];
  console.table(rows.map(({ perStream: _, ...row }) => row));
  const first = paced.first;
  console.log(
    `${STREAMS} concurrent streams through completions_stream: first token added ${fmt(median(first))} ms median, ` +
      `${fmt(percentile(first, 0.95))} ms p95, ${fmt(Math.max(...first))} ms max (target < 5 ms; ` +
      `${fmt(median(instant.first))} ms median when the model answers at once); per token ` +
      `${fmt(median(paced.perToken), 4)} ms paced, ${fmt(median(burst.perToken), 4)} ms burst, server CPU ` +
      `${fmt(burst.cpuPerTokenMs, 4)} ms a token (target < 0.1 ms)`,
  );
  console.log(`server: npm run serve, NODE_ENV=production, embedded PGlite; fake model and client in this process; load ${loadavg()[0].toFixed(1)}`);
  mkdirSync(join(root, 'bench/out'), { recursive: true });
  writeFileSync(join(root, 'bench/out/llm.json'), `${JSON.stringify({ streams: STREAMS, tokenMs: TOKEN_MS, thinkMs: THINK_MS, rows }, null, 2)}\n`);
} finally {
  await server.close();
}

interface Round {
  first: number[];
  perToken: number[];
  tokens: number;
  wallMs: number;
  cpuPerTokenMs: number;
}

/** STREAMS answers at once; matches each to the fake's log by its prompt. */
async function round(token: string, marker: string): Promise<Round> {
  fake.reset();
  const tag = Math.random().toString(36).slice(2, 8);
  const prompts = Array.from({ length: STREAMS }, (_, i) => `长回答 ${tag}-${i} ${marker}`.trim());
  const cpuBefore = server.cpuMs();
  const started = now();
  const timings = await Promise.all(prompts.map((p) => ask(token, p)));
  const wallMs = now() - started;
  const cpuMs = server.cpuMs() - cpuBefore;
  const first: number[] = [];
  const perToken: number[] = [];
  let tokens = 0;
  for (const t of timings) {
    if (t.status !== 200 || t.end !== 'done' || t.firstDeltaAt === null || t.lastDeltaAt === null) {
      throw new Error(`stream "${t.prompt}" answered ${t.status}, ended ${t.end}`);
    }
    const model = fake.requests.find((r) => lastUser(r) === t.prompt);
    if (!model || model.firstTokenAt === null || model.lastTokenAt === null) throw new Error(`no model request for "${t.prompt}"`);
    tokens += model.tokens;
    first.push(t.firstDeltaAt - model.firstTokenAt);
    const span = t.lastDeltaAt - t.firstDeltaAt - (model.lastTokenAt - model.firstTokenAt);
    perToken.push(span / Math.max(1, model.tokens - 1));
  }
  return { first, perToken, tokens, wallMs, cpuPerTokenMs: cpuMs / tokens };
}

function summarise(name: string, r: Round) {
  return {
    round: name,
    streams: STREAMS,
    tokens: r.tokens,
    'wall s': +(r.wallMs / 1000).toFixed(2),
    'first token added p50 ms': +median(r.first).toFixed(2),
    'p95 ms': +percentile(r.first, 0.95).toFixed(2),
    'max ms': +Math.max(...r.first).toFixed(2),
    'per token added ms': +median(r.perToken).toFixed(4),
    // Only meaningful when the relaying is all the server does; paced rounds add seconds of idle time.
    'server CPU per token ms': name.startsWith('burst') ? +r.cpuPerTokenMs.toFixed(4) : '-',
    perStream: { first: r.first.map((x) => +x.toFixed(2)), perToken: r.perToken.map((x) => +x.toFixed(4)) },
  };
}

function lastUser(r: FakeRequest): string {
  return [...r.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
}

/** One streamed answer, timed at the client as its bytes arrive. */
async function ask(token: string, content: string): Promise<StreamTiming> {
  const response = await fetch(`${base}/api/base/chat_gpt_api/completions_stream`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify({ content }),
  });
  const timing: StreamTiming = { prompt: content, status: response.status, headersAt: now(), firstDeltaAt: null, lastDeltaAt: null, deltas: 0, end: 'none' };
  if (!response.ok || !response.body) {
    timing.end = await response.text();
    return timing;
  }
  const parser = createParser({
    onEvent: (event) => {
      const data = JSON.parse(event.data) as { type: string };
      if (data.type === 'delta') {
        timing.lastDeltaAt = at;
        timing.firstDeltaAt ??= at;
        timing.deltas++;
      } else if (data.type === 'done' || data.type === 'error') {
        timing.end = data.type;
      }
    },
  });
  const decoder = new TextDecoder();
  let at = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    at = now();
    parser.feed(decoder.decode(value, { stream: true }));
  }
  return timing;
}

function fmt(x: number, digits = 2): string {
  return x.toFixed(digits);
}
