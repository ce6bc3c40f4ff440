import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { normalizeForMatching } from '../../server/engines/text/normalize';
import type { Case } from './plants';

export function simTextAvailable(): boolean {
  return spawnSync('sim_text', ['-v'], { stdio: 'ignore' }).status === 0;
}

/**
 * Writes documents for sim_text: the same normalised characters our engine compares, one per line,
 * so that sim_text's "words" are characters and its line numbers are character positions.
 */
export class SimTextCorpus {
  private readonly origins = new Map<string, Uint32Array>();

  constructor(readonly dir: string) {
    mkdirSync(dir, { recursive: true });
  }

  add(id: string, text: string): string {
    const { codes, origins } = normalizeForMatching(text);
    this.origins.set(id, origins);
    const path = join(this.dir, `${id}.txt`);
    writeFileSync(path, `${Array.from(codes, (c) => String.fromCodePoint(c)).join('\n')}\n`);
    return path;
  }

  /** Runs sim_text -r13 on new files against old files only; returns its runs as detections. */
  async run(newFiles: string[], oldFiles: string[]): Promise<{ ms: number; detections: Case[] }> {
    const started = performance.now();
    const child = spawn('sim_text', ['-r13', '-n', '-S', '-T', '-i'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stdin.end(`${[...newFiles, '/', ...oldFiles].join('\n')}\n`);
    await new Promise<void>((resolve, reject) => child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`sim_text exited with ${code}`)))));
    return { ms: performance.now() - started, detections: this.parse(out) };
  }

  private parse(out: string): Case[] {
    const detections: Case[] = [];
    for (const m of out.matchAll(/^(\S+): line (\d+)-(\d+)\s*\|(\S+): line (\d+)-(\d+)\s*\[\d+\]/gm)) {
      const doc = basename(m[1], '.txt');
      const src = basename(m[4], '.txt');
      const a = this.origins.get(doc);
      const b = this.origins.get(src);
      if (!a || !b) continue;
      detections.push({
        doc,
        start: a[Number(m[2]) - 1],
        end: a[Number(m[3]) - 1] + 1,
        src,
        srcStart: b[Number(m[5]) - 1],
        srcEnd: b[Number(m[6]) - 1] + 1,
      });
    }
    return detections;
  }
}
