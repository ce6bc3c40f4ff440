import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import type { Executor } from '../db/client';
import { collectNodeMetrics, registry } from './registry';
import { stateMetrics } from './state';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * Prometheus metrics on their own port (METRICS_PORT, off unless set), apart from the API: nothing on the
 * public address reveals them and a scrape never queues behind API requests in the proxy. GET /metrics only.
 */
export async function startMetricsServer(db: Executor, host: string, port: number): Promise<MetricsServer> {
  collectNodeMetrics();
  const state = stateMetrics(db);
  const merged = Registry.merge([registry, state.registry]);
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('只有 GET /metrics\n');
      return;
    }
    state.refresh().then(() => merged.metrics()).then(
      (text) => response.writeHead(200, { 'content-type': merged.contentType }).end(text),
      () => response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('指标读取失败\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
