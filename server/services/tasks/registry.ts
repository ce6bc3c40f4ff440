import { readdirSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { TaskKind } from '../../db/schema/tasks';
import type { JobDefinition, JobHandler } from './jobs';

const jobsDir = fileURLToPath(new URL('../../jobs/', import.meta.url));

/**
 * Every job kind: each server/jobs/<kind>.ts exports `job: JobDefinition`, so a new engine adds its
 * job by adding a file, without touching the runner.
 */
export async function loadJobHandlers(dir = jobsDir): Promise<Map<TaskKind, JobHandler>> {
  const handlers = new Map<TaskKind, JobHandler>();
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => /\.ts$/.test(f) && !/\.test\.ts$/.test(f) && !f.endsWith('.d.ts'));
  } catch {
    return handlers;
  }
  for (const file of files.sort()) {
    const mod = (await import(pathToFileURL(`${dir}${file}`).href)) as { job?: JobDefinition };
    if (!mod.job) continue;
    if (handlers.has(mod.job.kind)) throw new Error(`Two job handlers for kind "${mod.job.kind}"`);
    handlers.set(mod.job.kind, mod.job.handler);
  }
  return handlers;
}
