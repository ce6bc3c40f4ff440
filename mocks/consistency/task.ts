import { priceOf as price, RATES } from '../prices';
import { vocab } from '../vocab';
import { type Obj, type Rule, clamp, has, minutesAfter, num } from './shape';

const TASK_STATUSES = ['draft', 'queued', 'running', 'done', 'failed', 'cancelled'];
const isTaskStatus = (value: unknown) => TASK_STATUSES.includes(String(value));

/** A task's progress, finish time and error follow its status: only a failed task has an error. */
function settleStatus(o: Obj): void {
  const progress = num(o.progress);
  const ended = o.status === 'done' || o.status === 'failed' || o.status === 'cancelled';
  if (o.status === 'done') o.progress = 100;
  else if (o.status === 'running') o.progress = clamp(progress, 5, 95);
  else if (o.status === 'failed' || o.status === 'cancelled') o.progress = clamp(progress, 0, 95);
  else o.progress = 0;
  if ('error' in o) o.error = o.status === 'failed' ? (typeof o.error === 'string' && o.error ? o.error : vocab.taskError()) : null;
  if ('finishedAt' in o) {
    const finishedAt = Date.parse(String(o.finishedAt));
    const valid = Number.isFinite(finishedAt) && finishedAt >= Date.parse(String(o.createdAt));
    o.finishedAt = ended ? (valid ? o.finishedAt : minutesAfter(o.createdAt, 2 + num(o.charCount) / 5000)) : null;
  }
}

/** What a task costs, by the server's rates (mocks/prices.ts) for the kind of task. */
function priceOf(o: Obj): number | undefined {
  const chars = num(o.charCount);
  if ('figures' in o) return price(RATES.check, chars);
  if ('aiCharRatio' in o) return o.kind === 'lower' ? price(o.offline ? RATES.rewrite_offline : RATES.aigc_rewrite, chars) : price(RATES.aigc, chars);
  if ('paragraphRewritten' in o) {
    const rewrite = price(o.mode === 'smart' || o.offline ? RATES.rewrite_offline : RATES.rewrite, chars);
    return o.mode === 'cnki' ? rewrite + price(RATES.check, chars) : rewrite;
  }
  if ('degree' in o) return price(RATES.paper, num(o.targetLength));
  if ('slides' in o) return price(RATES.ppt, 1);
  return undefined;
}

export const taskRules: Rule[] = [
  { name: 'task status', applies: (o) => isTaskStatus(o.status) && has(o, 'progress', 'createdAt'), fix: settleStatus },
  { name: 'progress item', applies: (o) => isTaskStatus(o.status) && has(o, 'progress', 'updatedAt', 'kind'), fix: settleStatus },
];

/** Runs after the service rules, which may change the characters a task counts. */
export const priceRule: Rule = {
  name: 'task price',
  applies: (o) => isTaskStatus(o.status) && has(o, 'priceFen', 'charCount'),
  fix: (o) => {
    const price = priceOf(o);
    if (price !== undefined) o.priceFen = price;
  },
};
