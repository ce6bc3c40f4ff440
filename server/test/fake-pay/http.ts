import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface FakeHttp {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  close(): Promise<void>;
}

export type Handle = (req: IncomingMessage, res: ServerResponse, body: string) => Promise<void>;

/** A loopback HTTP server for a fake provider; `close` also drops requests a fault left hanging. */
export async function startHttp(handle: Handle, port = 0): Promise<FakeHttp> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      handle(req, res, Buffer.concat(chunks).toString('utf8')).catch((error: unknown) => {
        if (res.headersSent) res.destroy();
        else sendText(res, 500, `fake provider error: ${String(error)}`);
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${actual}`,
    port: actual,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

export function sendText(res: ServerResponse, status: number, text: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Leaves the request without an answer until the client gives up (a provider that times out). */
export function hang(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => res.on('close', () => resolve()));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** "2026-11-27T10:30:00+08:00": an instant as the providers write it, in China time. */
export function chinaIso(at: Date): string {
  return `${new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 19)}+08:00`;
}

/** "2026-11-27 10:30:00": Alipay's China-time format. */
export function chinaPlain(at: Date): string {
  return chinaIso(at).slice(0, 19).replace('T', ' ');
}

export function yuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

export function fenOf(text: string): number {
  const [whole, part = ''] = text.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

/** Faults scripted for what comes next, consumed in order: `take('timeout')` is true once per scripted 'timeout'. */
export class Script {
  private readonly faults: string[] = [];
  add(...faults: string[]): void {
    this.faults.push(...faults);
  }
  /** The scripted fault named `name` (its value after `=`, or '' without one), removed; undefined when none. */
  take(name: string): string | undefined {
    const index = this.faults.findIndex((fault) => fault === name || fault.startsWith(`${name}=`));
    if (index < 0) return undefined;
    const [fault] = this.faults.splice(index, 1);
    return fault.includes('=') ? fault.slice(fault.indexOf('=') + 1) : '';
  }
  pending(): string[] {
    return [...this.faults];
  }
  clear(): void {
    this.faults.length = 0;
  }
}

/** One notification a fake provider sent, and how the app answered it. */
export interface Delivery {
  channel: 'wechat' | 'alipay';
  event: string;
  orderNo: string;
  /** What was done to it: normal, duplicate, late, forged, tampered. */
  variant: string;
  status: number;
  answer: string;
}

/** The first delivery `predicate` accepts, waiting for it up to `timeoutMs` (a late notification, a refund's). */
export async function waitForDelivery(
  deliveries: Delivery[],
  predicate: (delivery: Delivery) => boolean,
  timeoutMs: number,
  provider: string,
): Promise<Delivery> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = deliveries.find(predicate);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`${provider}：等待通知超时`);
    await sleep(25);
  }
}

/** Timers a fake started (late notifications, refunds that succeed later), all cleared when it closes. */
export function timers() {
  const pending = new Set<NodeJS.Timeout>();
  return {
    later(ms: number, fn: () => void): void {
      const timer = setTimeout(() => {
        pending.delete(timer);
        fn();
      }, ms);
      pending.add(timer);
    },
    clear(): void {
      for (const timer of pending) clearTimeout(timer);
    },
  };
}

/**
 * A paid order's notification as the scripted faults want it: none (notify:lost), later (notify:late=MS),
 * changed after signing (notify:tampered), or sent normally (twice with notify:duplicate). Resolves with
 * what was delivered now.
 */
export async function notifyAsScripted(
  faults: Script,
  send: (variant: string) => Promise<Delivery>,
  later: (ms: number, fn: () => void) => void,
): Promise<Delivery[]> {
  if (faults.take('notify:lost') !== undefined) return [];
  const late = faults.take('notify:late');
  if (late !== undefined) {
    later(Number(late) || 1000, () => void send('late'));
    return [];
  }
  if (faults.take('notify:tampered') !== undefined) return [await send('tampered')];
  const first = await send('normal');
  return faults.take('notify:duplicate') !== undefined ? [first, await send('duplicate')] : [first];
}

/** An extra line in a day's bill (a difference for reconciliation to find). */
export interface PlantedLine {
  kind: 'payment' | 'refund';
  orderNo: string;
  amountFen: number;
  /** yyyy-MM-dd (China time) of the bill it goes into. */
  date: string;
}

interface PendingOrder {
  orderNo: string;
  amount: number;
  title: string;
}

/**
 * The routes under /_fake both fakes answer: the payer's page (GET /_fake/), the payer paying
 * (POST /_fake/pay {"orderNo"}) and faults scripted for what comes next (POST /_fake/script {"faults": [...]}).
 */
export async function control(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  body: string,
  fake: { title: string; pay(orderNo: string): Promise<Delivery[]>; faults: Script; pending(): PendingOrder[] },
): Promise<void> {
  const json = body ? (JSON.parse(body) as Record<string, unknown>) : {};
  if (req.method === 'POST' && url.pathname === '/_fake/pay') {
    try {
      return sendText(res, 200, JSON.stringify({ ok: true, deliveries: await fake.pay(String(json.orderNo)) }), 'application/json');
    } catch (error) {
      return sendText(res, 409, JSON.stringify({ ok: false, error: (error as Error).message }), 'application/json');
    }
  }
  if (req.method === 'POST' && url.pathname === '/_fake/script') {
    fake.faults.add(...(Array.isArray(json.faults) ? json.faults.map(String) : []));
    return sendText(res, 200, JSON.stringify({ ok: true, scripted: fake.faults.pending() }), 'application/json');
  }
  if (req.method === 'GET' && url.pathname === '/_fake/') return sendText(res, 200, payerPage(fake.title, fake.pending()), 'text/html; charset=utf-8');
  return sendText(res, 404, 'unknown control route');
}

/** The fake payer's page for manual runs: the pending orders, each with a button that pays it. */
export function payerPage(title: string, pending: Array<{ orderNo: string; amount: number; title: string }>): string {
  const rows = pending
    .map((o) => `<li>${o.title.replace(/[<&>]/g, '')} ¥${yuan(o.amount)} <button data-no="${o.orderNo}">付款</button> <code>${o.orderNo}</code></li>`)
    .join('');
  return `<!doctype html><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>模拟付款人：点“付款”即视为扫码付款成功，并按脚本发送支付通知。</p><ul>${rows || '<li>没有待支付订单</li>'}</ul>
<script>document.querySelectorAll('button').forEach(function (b) { b.onclick = function () { fetch('pay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ orderNo: b.dataset.no }) }).then(function () { location.reload(); }); }; });</script>`;
}
