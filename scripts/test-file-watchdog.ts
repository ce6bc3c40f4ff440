import { readdirSync, readFileSync } from 'node:fs';
import type { Reporter, TestCase, TestModule, Vitest } from 'vitest/node';

// Vitest's time limits are timers inside the test's own process: a file whose code never yields (a loop that does
// not end) or whose worker stops answering is never timed out, and the run waits for it until CI kills the whole
// job without saying which file it was. This reporter watches from the main process: a file still running after
// TEST_FILE_LIMIT_MINUTES (default 15; the slowest file takes about 1 minute on an idle 2-core machine) is named
// with the last test whose start reached this process (a worker that blocks at once never reports its test, so
// the stuck one may be the next), and the run ends as failed (its test processes killed: a loop never reads a message).

const limitMs = Number(process.env.TEST_FILE_LIMIT_MINUTES ?? 15) * 60_000;

export default class TestFileWatchdog implements Reporter {
  private vitest?: Vitest;
  private readonly running = new Map<string, { since: number; test?: string }>();
  private timer?: NodeJS.Timeout;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
    this.timer = setInterval(() => this.check(), Math.min(60_000, limitMs / 2));
    this.timer.unref();
  }

  onTestModuleStart(module: TestModule) {
    this.running.set(module.moduleId, { since: Date.now() });
  }

  onTestCaseReady(test: TestCase) {
    const entry = this.running.get(test.module.moduleId);
    if (entry) entry.test = test.fullName;
  }

  onTestModuleEnd(module: TestModule) {
    this.running.delete(module.moduleId);
  }

  onTestRunEnd() {
    clearInterval(this.timer);
  }

  private check() {
    const stuck = [...this.running].filter(([, entry]) => Date.now() - entry.since > limitMs);
    if (!stuck.length) return;
    for (const [file, entry] of stuck) {
      const minutes = ((Date.now() - entry.since) / 60_000).toFixed(1);
      console.error(`\n测试文件超过 ${limitMs / 60_000} 分钟仍未结束（${minutes} 分钟）：${file}${entry.test ? `\n  最后开始的测试（卡住的可能是其后一个）：${entry.test}` : ''}`);
    }
    console.error('测试运行已中止（TEST_FILE_LIMIT_MINUTES 可调）。');
    clearInterval(this.timer);
    process.exitCode = 1;
    for (const pid of childProcesses()) process.kill(pid, 'SIGKILL');
    void this.vitest?.exit(true);
  }
}

/** This process's children (the test workers), from /proc; none where there is no /proc. */
function childProcesses(): number[] {
  try {
    return readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          // pid (comm) state ppid …; comm may hold spaces and parentheses, so read after the last ')'.
          const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
          return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === process.pid;
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
}
