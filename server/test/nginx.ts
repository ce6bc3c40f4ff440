// nginx in front of several API processes, for the multi-process test (server/multi-process.pg.test.ts): Debian's
// nginx binary on a configuration written to a temporary directory, with its own pid file, logs and temp paths,
// listening on a loopback port and running in the foreground as a child of the test.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, spawnCommand, type Spawned, stopProcess, waitForHealth } from './process';

const BINARIES = ['/usr/sbin/nginx', '/usr/bin/nginx'];

/** Debian's nginx, or a failure saying how to install it (the test needs the real proxy, never a stand-in). */
export function nginxBinary(): string {
  const found = BINARIES.find((path) => existsSync(path));
  if (found) return found;
  throw new Error('This test needs nginx (Debian: apt-get install -y nginx-light; .ci/run installs it as root)');
}

/**
 * The proxy configuration for the API processes on `upstreamPorts`, as docs/operations.md describes it: one
 * upstream, keep-alive to it, and a request moved to the next server when its server cannot be reached or does
 * not answer (`error timeout`). nginx's default keeps a POST that already reached a server from being sent to
 * another (it may have been acted on), which is what a payment or a task submission needs.
 */
export function nginxConfig(options: { dir: string; port: number; upstreamPorts: number[]; runAsRoot: boolean }): string {
  const { dir } = options;
  return `${options.runAsRoot ? 'user root;\n' : ''}worker_processes 1;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log ${join(dir, 'access.log')};
  client_body_temp_path ${join(dir, 'temp', 'body')};
  proxy_temp_path ${join(dir, 'temp', 'proxy')};
  fastcgi_temp_path ${join(dir, 'temp', 'fastcgi')};
  uwsgi_temp_path ${join(dir, 'temp', 'uwsgi')};
  scgi_temp_path ${join(dir, 'temp', 'scgi')};
  client_max_body_size 25m;

  upstream moyan_api {
${options.upstreamPorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 16;
  }

  server {
    listen 127.0.0.1:${options.port};
    location / {
      proxy_pass http://moyan_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
    }
  }
}
`;
}

export interface Nginx {
  url: string;
  /** Its error log so far (where a cut upstream connection is recorded). */
  errorLog(): string;
  stop(): Promise<void>;
}

/** Starts nginx in the foreground on a free loopback port in front of `upstreamPorts`; resolves once it answers. */
export async function startNginx(upstreamPorts: number[]): Promise<Nginx> {
  const binary = nginxBinary();
  const dir = mkdtempSync(join(tmpdir(), 'moyan-nginx-'));
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, 'temp', temp), { recursive: true });
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig({ dir, port, upstreamPorts, runAsRoot: process.getuid?.() === 0 }));
  const args = ['-p', dir, '-c', conf, '-e', join(dir, 'error.log'), '-g', 'daemon off;'];
  execFileSync(binary, [...args, '-t'], { stdio: 'pipe' });
  const nginx: Spawned = spawnCommand(binary, args);
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url, nginx.proc, nginx.output, 30_000);
  return {
    url,
    errorLog: () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : ''),
    stop: async () => {
      await stopProcess(nginx.proc, 'SIGQUIT');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
