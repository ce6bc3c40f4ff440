// Builds the web app in fully mocked mode (MSW in the browser) into a temporary folder and serves it
// with Vite's preview server, which falls back to index.html for client-side routes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, preview } from 'vite';

export type ServedApp = { url: string; close: () => Promise<void> };

export async function serveMockApp(): Promise<ServedApp> {
  const outDir = mkdtempSync(join(tmpdir(), 'moyan-e2e-'));
  process.env.VITE_MOCK = 'on';
  await build({ mode: 'mock', logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const server = await preview({ mode: 'mock', build: { outDir }, preview: { host: '127.0.0.1', port: 0, strictPort: false } });
  const address = server.httpServer.address();
  if (!address || typeof address === 'string') throw new Error('预览服务器没有监听端口');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
