import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerPptCommands } from './ppt';

// npm run cli -- ppt-config ...: the operator edits the scenes and page counts the AI PPT screens offer.
describe('CLI ppt-config', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'moyan-cli-ppt-'));
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL };
  beforeAll(() => {
    process.env.DATA_DIR = dataDir;
    delete process.env.DATABASE_URL;
  });
  afterAll(() => {
    if (saved.DATA_DIR === undefined) delete process.env.DATA_DIR;
    else process.env.DATA_DIR = saved.DATA_DIR;
    if (saved.DATABASE_URL) process.env.DATABASE_URL = saved.DATABASE_URL;
    rmSync(dataDir, { recursive: true, force: true });
    vi.restoreAllMocks();
  });

  async function run(...args: string[]): Promise<string> {
    const output: string[] = [];
    const capture = (...values: unknown[]) => output.push(values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(' '));
    vi.spyOn(console, 'log').mockImplementation(capture);
    vi.spyOn(console, 'table').mockImplementation(capture);
    const program = new Command().exitOverride();
    registerPptCommands(program);
    await program.parseAsync(args, { from: 'user' });
    return output.join('\n');
  }

  it('lists the seeded scenes, adds and renames one, and removes it', async () => {
    const listed = await run('ppt-config', 'list', 'ppt_scene');
    for (const label of ['毕业答辩', '开题报告', '课程汇报', '学术会议']) expect(listed).toContain(label);
    expect(await run('ppt-config', 'set', 'ppt_scene', 'lab_meeting', '--label', '组会汇报', '--value', '适用于实验室组会：进展、问题与计划', '--sort', '5')).toContain('已保存 ppt_scene/lab_meeting：组会汇报');
    await run('ppt-config', 'set', 'ppt_scene', 'lab_meeting', '--label', '课题组会', '--sort', '5');
    const after = await run('ppt-config', 'list', 'ppt_scene');
    expect(after).toContain('课题组会');
    expect(after).not.toContain('组会汇报');
    expect(await run('ppt-config', 'remove', 'ppt_scene', 'lab_meeting')).toContain('已删除');
    await expect(run('ppt-config', 'remove', 'ppt_scene', 'lab_meeting')).rejects.toThrow('配置项不存在');
    await expect(run('ppt-config', 'set', 'users', 'x', '--label', 'y')).rejects.toThrow('配置类别只能是');
  });
});
