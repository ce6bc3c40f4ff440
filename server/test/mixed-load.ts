// The mixed load of the multi-process test (server/multi-process.pg.test.ts): virtual users, each signed in, reading
// (account, records lists, ledger) and submitting cheap paid tasks (a pasted 查重 or AIGC检测, the price asked with
// charge_quote first) through the proxy, every request logged with its outcome and latency.
import { requestOf } from './crash-tasks';

export interface LoggedRequest {
  method: 'GET' | 'POST';
  path: string;
  /** HTTP status, or 0 when the connection failed before an answer. */
  status: number;
  /** The error envelope's code, or `proxy` for an answer that is not the API's (nginx's 502 page). */
  error?: string;
  startedAt: number;
  ms: number;
}

export interface SubmittedLoadTask {
  kind: 'check' | 'aigc';
  id: string;
  userIndex: number;
  quotedFen: number;
  /** The submit call answered success; false when its connection was cut (the task may or may not be queued). */
  confirmed: boolean;
}

type Envelope<T> = { success: boolean; result: T; error?: { code: string; message: string } };

export class CallFailed extends Error {
  constructor(readonly logged: LoggedRequest) {
    super(`${logged.method} ${logged.path}: ${logged.status} ${logged.error ?? ''}`);
  }
}

/** One signed-in user's calls to `base`, each appended to `log`. */
export class LoadUser {
  /** Its balance no longer pays for a task: it only reads from then on. */
  spent = false;

  constructor(
    readonly base: string,
    readonly token: string,
    readonly log: LoggedRequest[],
  ) {}

  async call<T>(method: 'GET' | 'POST', path: string, init: { body?: unknown; form?: Record<string, string> } = {}): Promise<T> {
    const { headers, payload } = await requestOf(this.token, init);
    const startedAt = Date.now();
    const logged: LoggedRequest = { method, path: path.split('?')[0], status: 0, startedAt, ms: 0 };
    this.log.push(logged);
    try {
      const response = await fetch(new URL(path, this.base), { method, headers, body: payload });
      logged.status = response.status;
      const text = await response.text();
      logged.ms = Date.now() - startedAt;
      let json: Envelope<T> | undefined;
      try {
        json = JSON.parse(text) as Envelope<T>;
      } catch {
        logged.error = 'proxy';
      }
      if (json?.success) return json.result;
      logged.error ??= json?.error?.code ?? 'unknown';
    } catch (error) {
      logged.ms = Date.now() - startedAt;
      logged.error = `network: ${(error as Error).cause ?? (error as Error).message}`;
    }
    throw new CallFailed(logged);
  }
}

const PASTED = [
  '文本相似度计算在学术不端检测中发挥着重要作用，常见方法包括基于指纹的方法和基于对齐的方法。',
  '基于指纹的方法先把文本切分为连续的字串，再选取其中的哈希值作为文档指纹，以便快速比较。',
  '对齐方法在候选片段之间寻找最长的公共子串，能够定位到句子级别的重合位置，但计算代价较高。',
  '实验结果表明，组合使用指纹与对齐的方法能够在保持速度的同时提高召回率，适合大规模检测。',
];

const SERVICES = {
  check: { base: '/api/base/check_api', init: 'check_init', submit: 'check_submit', operation: 'checkCheckSubmit' },
  aigc: { base: '/api/base/paper_aigc_api', init: 'machine_init', submit: 'machine_submit', operation: 'paperAigcMachineSubmit' },
} as const;

/** Pastes a short text, asks its price (as the pay button shows it) and submits it; undefined if a call was cut. */
export async function submitTask(user: LoadUser, kind: 'check' | 'aigc', userIndex: number, n: number): Promise<SubmittedLoadTask | undefined> {
  const service = SERVICES[kind];
  const content = PASTED.map((p, i) => `${p}（第${n}次，第${i + 1}段）`).join('\n');
  let id: string | undefined;
  let quotedFen = 0;
  try {
    id = (await user.call<{ id: string }>('POST', `${service.base}/${service.init}`, { form: { title: `负载测试${n}`, author: '李明', content } })).id;
    const quote = await user.call<{ chargeFen: number; enough: boolean }>('POST', '/api/base/account_info_api/charge_quote', { body: { operation: service.operation, id } });
    // The pay button is not offered without the balance for it.
    if (!quote.enough) {
      user.spent = true;
      return undefined;
    }
    quotedFen = quote.chargeFen;
    await user.call('POST', `${service.base}/${service.submit}`, { body: { id } });
    return { kind, id, userIndex, quotedFen, confirmed: true };
  } catch (error) {
    if (!(error instanceof CallFailed)) throw error;
    // Cut before the submit reached a server: a draft at most. Cut during it: it may have been queued and charged.
    return id && quotedFen && error.logged.path.endsWith(service.submit) ? { kind, id, userIndex, quotedFen, confirmed: false } : undefined;
  }
}

export async function taskStatus(user: LoadUser, task: SubmittedLoadTask): Promise<string> {
  return (await user.call<{ status: string }>('POST', `${SERVICES[task.kind].base}/load_by_id?id=${task.id}`)).status;
}

/** A signed-in read a page of the app makes, picked at random: GETs and the spec's POST reads. */
export async function randomRead(user: LoadUser): Promise<void> {
  const reads: Array<() => Promise<unknown>> = [
    () => user.call('GET', '/api/base/account_info_api/account'),
    () => user.call('GET', '/api/base/account_info_api/free_uses'),
    () => user.call('POST', '/api/base/check_api/query_list?pageNo=1&pageSize=10'),
    () => user.call('POST', '/api/base/paper_aigc_api/query_list?pageNo=1&pageSize=10'),
    () => user.call('POST', '/api/base/account_info_api/ledger?pageNo=1&pageSize=10'),
  ];
  await reads[Math.floor(Math.random() * reads.length)]().catch((error) => {
    if (!(error instanceof CallFailed)) throw error;
  });
}

/**
 * One virtual user until `endAt`: submits a task, reads while it runs (checking on it now and then), submits the
 * next once it has ended; so each user has at most one task in the queue, as a student at one screen would.
 */
export async function virtualUser(user: LoadUser, userIndex: number, endAt: number, submitted: SubmittedLoadTask[]): Promise<void> {
  let pending: SubmittedLoadTask | undefined;
  let n = 0;
  while (Date.now() < endAt) {
    if (!pending && !user.spent) {
      pending = await submitTask(user, n % 2 === 0 ? 'check' : 'aigc', userIndex, n);
      n++;
      if (pending) submitted.push(pending);
    } else if (pending && Math.random() < 0.25) {
      const status = await taskStatus(user, pending).catch(() => 'unknown');
      if (status === 'done' || status === 'failed' || status === 'draft') pending = undefined;
    } else {
      await randomRead(user);
    }
    await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
  }
}
