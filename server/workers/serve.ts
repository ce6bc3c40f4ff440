import type { MessagePort } from 'node:worker_threads';
import type { Host, HostReply, TaskError, TaskMessage, TaskOutcome, TaskTable, WorkerMessage } from './protocol';

/** Host calls over the task's port; every call is answered before the task returns. */
class PortHost implements Host {
  private next = 0;
  private readonly pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();

  constructor(private readonly port: MessagePort) {
    port.on('message', ({ id, value, error }: HostReply) => {
      const call = this.pending.get(id);
      this.pending.delete(id);
      if (error !== undefined) call?.reject(new Error(error));
      else call?.resolve(value);
    });
  }

  call<T>(method: string, ...args: unknown[]): Promise<T> {
    const id = ++this.next;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.port.postMessage({ type: 'call', id, method, args } satisfies WorkerMessage);
    });
  }
}

function describe(error: unknown): TaskError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const { code, details } = error as Error & { code?: unknown; details?: unknown };
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(details && typeof details === 'object' ? { details: details as Record<string, unknown> } : {}),
  };
}

/** The function piscina calls in the worker: runs one task of the module at `tasksUrl`. */
export async function serveTasks(tasksUrl: string): Promise<(message: TaskMessage) => Promise<TaskOutcome>> {
  const { tasks } = (await import(tasksUrl)) as { tasks: TaskTable };
  return async ({ task, input, port }) => {
    port.postMessage({ type: 'start' } satisfies WorkerMessage);
    try {
      const run = tasks[task];
      if (!run) throw new Error(`No worker task "${task}"`);
      return { ok: true, value: await run(input, new PortHost(port)) };
    } catch (error) {
      return { ok: false, error: describe(error) };
    } finally {
      port.close();
    }
  };
}
