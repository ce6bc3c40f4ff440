import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import type { Runtime } from '../../runtime';
import { safeError } from '../../safe-error';
import { type Task, type TaskKind, tasks } from '../../db/schema/tasks';
import { refundTask } from '../billing/charges';
import { closeExpiredOrders } from '../orders/orders';
import { capacityOf, kindsOf, WORK_CLASS_OF, WORK_CLASSES, type WorkClass } from './capacity';
import { type JobHandler, JobFailure, type JobOutcome } from './jobs';

const GENERIC_FAILURE = '处理失败，费用已退回，请稍后重试';
const GAVE_UP = '任务多次中断未能完成，费用已退回，请重新提交';
const MAINTENANCE_MS = 60_000;
// Serialises claims between runners, so an account's running tasks never pass its share (capacity.ts).
const CLAIM_LOCK = 724_100_517;

export interface RunnerOptions extends Runtime {
  handlers: Map<TaskKind, JobHandler>;
}

interface Running {
  task: Task;
  controller: AbortController;
  done: Promise<void>;
}

/**
 * Runs queued tasks. Claims with FOR UPDATE SKIP LOCKED, so any number of runners (in the API process
 * or `npm run worker` processes) share one tasks table on PGlite or PostgreSQL. A claimed task holds a
 * lease that progress and heartbeats renew; a task whose lease expired (its process died) is queued
 * again, or failed and refunded after JOB_MAX_ATTEMPTS — never lost, never charged twice.
 * Each kind of work has its own slots (capacity.ts), and within it accounts take turns: the next task is
 * the oldest of the account with the fewest running, and no account runs more than its share at once.
 */
export class JobRunner {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private readonly running = new Map<string, Running>();
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  // Set by a wake() that arrives while the loop is claiming, so the loop goes round again instead of sleeping.
  private wokenWhileBusy = false;
  private lastMaintenance = 0;
  private lastRecovery = 0;

  readonly kinds: TaskKind[];

  constructor(private readonly options: RunnerOptions) {
    this.kinds = [...options.handlers.keys()];
  }

  start(): void {
    if (this.loop) return;
    this.stopping = false;
    this.loop = this.run();
  }

  /** Claim now instead of at the next poll (called after a task was queued in this process). */
  wake(): void {
    this.wokenWhileBusy = true;
    this.wakeUp?.();
  }

  /** Stops claiming, asks running jobs to checkpoint, waits up to graceMs, then re-queues what is left. */
  async stop(graceMs = this.options.config.SHUTDOWN_GRACE_MS): Promise<void> {
    this.stopping = true;
    this.wake();
    for (const job of this.running.values()) job.controller.abort(new Error('shutdown'));
    const all = Promise.all([...this.running.values()].map((r) => r.done));
    await Promise.race([all, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
    for (const job of this.running.values()) await this.release(job.task.id);
    await this.loop;
    this.loop = undefined;
  }

  /** Runs queued tasks until none is left (tests and the CLI). */
  async drain(): Promise<number> {
    let count = 0;
    for (;;) {
      await this.recoverExpired();
      const task = await this.claim();
      if (!task) break;
      await this.execute(task);
      count++;
    }
    return count;
  }

  private async run(): Promise<void> {
    const { config, log } = this.options;
    while (!this.stopping) {
      this.wokenWhileBusy = false;
      try {
        await this.housekeeping();
        for (const workClass of WORK_CLASSES) {
          const { slots } = capacityOf(config, workClass);
          while (!this.stopping && this.runningOf(workClass) < slots) {
            const task = await this.claim(workClass);
            if (!task) break;
            this.track(task);
          }
        }
      } catch (error) {
        log.error({ error: safeError(error) }, 'job runner loop failed');
      }
      if (this.wokenWhileBusy) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, config.JOB_POLL_MS);
        this.wakeUp = () => {
          clearTimeout(timer);
          this.wakeUp = undefined;
          resolve();
        };
      });
    }
  }

  private async housekeeping(): Promise<void> {
    const now = Date.now();
    if (now - this.lastRecovery >= (this.options.config.JOB_LEASE_SECONDS * 1000) / 2) {
      this.lastRecovery = now;
      await this.recoverExpired();
    }
    if (now - this.lastMaintenance >= MAINTENANCE_MS) {
      this.lastMaintenance = now;
      await closeExpiredOrders(this.options.db, new Date());
    }
  }

  private track(task: Task): void {
    const controller = new AbortController();
    const entry: Running = { task, controller, done: Promise.resolve() };
    entry.done = this.execute(task, controller).finally(() => {
      this.running.delete(task.id);
      this.wake();
    });
    this.running.set(task.id, entry);
  }

  private runningOf(workClass: WorkClass): number {
    let count = 0;
    for (const { task } of this.running.values()) if (WORK_CLASS_OF[task.kind] === workClass) count++;
    return count;
  }

  /**
   * Takes the next queued task of a kind this runner handles (of one kind of work, or of any): of the accounts
   * below their share, the one with the fewest tasks of that kind of work running, its oldest task.
   */
  async claim(workClass?: WorkClass): Promise<Task | null> {
    for (const candidate of workClass ? [workClass] : WORK_CLASSES) {
      const task = await this.claimOf(candidate);
      if (task) return task;
    }
    return null;
  }

  private async claimOf(workClass: WorkClass): Promise<Task | null> {
    const kinds = this.kinds.filter((kind) => WORK_CLASS_OF[kind] === workClass);
    if (kinds.length === 0) return null;
    const { config } = this.options;
    const { perAccount } = capacityOf(config, workClass);
    return this.options.db.transaction(async (tx) => {
      await tx.sql('select pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
      // A task whose lease ran out (its runner died) no longer holds its account's share.
      const [next] = await tx.sql<{ id: string }>(
        `select t.id from tasks t
         left join (
           select user_id, count(*)::int as running from tasks
           where status = 'running' and kind = any($1::text[]) and lease_expires_at > now()
           group by user_id
         ) r on r.user_id = t.user_id
         where t.status = 'queued' and t.kind = any($2::text[]) and coalesce(r.running, 0) < $3
         order by coalesce(r.running, 0), t.queued_at, t.id
         limit 1
         for update of t skip locked`,
        // Kind names need no quoting in an array literal.
        [`{${kindsOf(workClass).join(',')}}`, `{${kinds.join(',')}}`, perAccount],
      );
      if (!next) return null;
      const [task] = await tx.orm
        .update(tasks)
        .set({
          status: 'running',
          attempts: sql`${tasks.attempts} + 1`,
          leaseOwner: this.workerId,
          leaseExpiresAt: sql`now() + make_interval(secs => ${config.JOB_LEASE_SECONDS})`,
          heartbeatAt: sql`now()`,
          startedAt: sql`coalesce(${tasks.startedAt}, now())`,
          updatedAt: sql`now()`,
        })
        .where(eq(tasks.id, next.id))
        .returning();
      return task ?? null;
    });
  }

  private async execute(task: Task, controller = new AbortController()): Promise<void> {
    const { db, config, log, llm, compute } = this.options;
    const handler = this.options.handlers.get(task.kind);
    const lease = config.JOB_LEASE_SECONDS;
    let lost = false;
    const renew = async (progress?: number) => {
      const rows = await db.sql(
        `update tasks set lease_expires_at = now() + make_interval(secs => $3), heartbeat_at = now(),
                progress = coalesce($4::int, progress), updated_at = now()
         where id = $1 and lease_owner = $2 and status = 'running' returning id`,
        [task.id, this.workerId, lease, progress ?? null],
      );
      if (rows.length === 0 && !lost) {
        lost = true;
        controller.abort(new Error('lease lost'));
      }
    };
    const heartbeat = setInterval(() => {
      renew().catch((error) => log.warn({ error: safeError(error), taskId: task.id }, 'heartbeat failed'));
    }, (lease * 1000) / 3);
    heartbeat.unref();
    // Lost lease: another runner owns the task now. Shutdown: not the task's fault, it is resumed later.
    const interrupted = async () => {
      if (lost) return true;
      if (!controller.signal.aborted || !this.stopping) return false;
      await this.release(task.id);
      return true;
    };
    try {
      if (!handler) throw new Error(`No job handler for kind ${task.kind}`);
      const outcome = await handler({
        task,
        signal: controller.signal,
        db,
        config,
        log: log.child({ taskId: task.id, kind: task.kind }),
        // A job's model calls count in its owner's share, and wait for their turn instead of being refused.
        llm: llm.forAccount(task.userId, { background: true }),
        compute,
        progress: (percent) => renew(Math.max(0, Math.min(99, Math.round(percent)))),
        checkpoint: async (state) => {
          await db.sql(
            `update tasks set payload = jsonb_set(payload, '{checkpoint}', $3::jsonb), updated_at = now()
             where id = $1 and lease_owner = $2`,
            [task.id, this.workerId, JSON.stringify(state)],
          );
        },
      });
      if (await interrupted()) return;
      await this.complete(task.id, outcome ?? {});
    } catch (error) {
      if (await interrupted()) return;
      log.error({ error: safeError(error), taskId: task.id, kind: task.kind }, 'job failed');
      await this.fail(task, error instanceof JobFailure ? error.message : GENERIC_FAILURE);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async complete(id: string, outcome: JobOutcome): Promise<void> {
    await this.options.db.sql(
      `update tasks set status = 'done', progress = 100, result = $3::jsonb, offline = coalesce($4::boolean, offline),
              finished_at = now(), updated_at = now(), lease_owner = null, lease_expires_at = null, error = null
       where id = $1 and lease_owner = $2 and status = 'running'`,
      [id, this.workerId, JSON.stringify(outcome.result ?? {}), outcome.offline ?? null],
    );
  }

  private async fail(task: Task, message: string): Promise<void> {
    await this.options.db.transaction((tx) => failAndRefund(tx, task, this.workerId, message));
  }

  // A shutdown is not the task's fault: give the attempt back and let the next runner resume it.
  private async release(id: string): Promise<void> {
    await this.options.db.sql(
      `update tasks set status = 'queued', attempts = greatest(attempts - 1, 0), lease_owner = null,
              lease_expires_at = null, updated_at = now()
       where id = $1 and lease_owner = $2 and status = 'running'`,
      [id, this.workerId],
    );
  }

  /** Tasks whose runner died: queued again while attempts remain, else failed and refunded. */
  async recoverExpired(): Promise<number> {
    return this.options.db.transaction(async (tx) => {
      const expired = await tx.sql<ExpiredTask>(
        `select id, attempts, max_attempts, title, kind, lease_owner from tasks
         where status = 'running' and lease_expires_at < now()
         order by lease_expires_at limit 50
         for update skip locked`,
      );
      for (const task of expired) {
        if (task.attempts < task.max_attempts) {
          await tx.sql(
            `update tasks set status = 'queued', lease_owner = null, lease_expires_at = null, updated_at = now()
             where id = $1`,
            [task.id],
          );
        } else {
          await failAndRefund(tx, task, task.lease_owner, GAVE_UP);
        }
      }
      if (expired.length > 0) this.options.log.warn({ count: expired.length }, 'recovered tasks with expired leases');
      return expired.length;
    });
  }
}

interface ExpiredTask {
  id: string;
  attempts: number;
  max_attempts: number;
  title: string;
  kind: string;
  lease_owner: string;
}

/** A running task held by `owner` becomes failed and gets its charge back, in the caller's transaction. */
async function failAndRefund(
  tx: Executor,
  task: { id: string; title: string; kind: string },
  owner: string,
  message: string,
): Promise<void> {
  const rows = await tx.sql(
    `update tasks set status = 'failed', error = $3, finished_at = now(), updated_at = now(),
            lease_owner = null, lease_expires_at = null
     where id = $1 and lease_owner = $2 and status = 'running' returning id`,
    [task.id, owner, message.slice(0, 500)],
  );
  if (rows.length > 0) await refundTask(tx, task.id, `任务失败退款：${task.title || task.kind}`);
}
