import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Runtime } from '../runtime';
import { loadJobHandlers } from '../services/tasks/registry';
import { JobRunner } from '../services/tasks/runner';
import { bearer } from '../test/app';
import { qrSignIn } from '../test/qr';

// Shared by the check API tests: requests, QR sign-up, the real job runner and a scratch DATA_DIR.

export const CHECK = '/api/base/check_api';

export interface UploadFile {
  name: string;
  data: Buffer;
  type?: string;
}

/** A multipart/form-data body as a browser's FormData sends it. */
export async function multipart(fields: Record<string, string>, file?: UploadFile) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.data)], { type: file.type ?? 'application/octet-stream' }), file.name);
  const request = new Request('http://moyan.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export async function init(
  app: FastifyInstance,
  token: string,
  fields: Record<string, string>,
  file?: UploadFile,
): Promise<LightMyRequestResponse> {
  const { payload, headers } = await multipart(fields, file);
  return app.inject({ method: 'POST', url: `${CHECK}/check_init`, payload, headers: { ...headers, ...bearer(token) } });
}

export const get = (app: FastifyInstance, path: string, token: string, query: Record<string, string>) =>
  app.inject({ method: 'GET', url: `${CHECK}/${path}`, query, headers: bearer(token) });

/** Signs up through the QR flow (a new phone), so the account has its free first check. */
export async function qrSignUp(app: FastifyInstance): Promise<string> {
  return (await qrSignIn(app)).token;
}

/** Runs every queued task with the job handlers of server/jobs on the app's runtime, as `npm start` does. */
export async function runJobs(runtime: Runtime): Promise<number> {
  return new JobRunner({ ...runtime, handlers: await loadJobHandlers() }).drain();
}

export async function scratchDir(): Promise<{ path: string; files(): Promise<string[]>; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'moyan-check-'));
  return {
    path,
    files: async () => {
      try {
        return (await readdir(join(path, 'files'), { recursive: true, withFileTypes: true }))
          .filter((entry) => entry.isFile())
          .map((entry) => entry.name);
      } catch {
        return [];
      }
    },
    remove: () => rm(path, { recursive: true, force: true }),
  };
}
