import { LlmError } from './errors';

export interface LimiterSettings {
  /** Model calls at once in this process. */
  max: number;
  /** Model calls at once per account (below `max`, so one account never holds every slot). */
  perAccount: number;
  /** Calls of one account that may wait for a slot; an interactive call beyond them is refused at once. */
  queuedPerAccount: number;
  /** How long an interactive call waits for a slot (then `busy`, or `account_busy` when its own account's calls held it). */
  waitMs: number;
  /** How long a background call (a job's) waits. */
  backgroundWaitMs: number;
}

export interface SlotRequest {
  /** Whose call it is; calls without one (the CLI's check, the log-probability probe) have no account limit. */
  account?: string;
  /** A job's call: nobody is waiting on the screen, so it waits longer and is never refused for its account's queue. */
  background?: boolean;
  signal?: AbortSignal;
}

interface Waiter {
  background: boolean;
  grant(): void;
}

interface Account {
  running: number;
  waiting: Waiter[];
}

const NO_ACCOUNT = '';

/**
 * At most `max` model calls at once in this process and `perAccount` per account. A freed slot goes to the
 * accounts that wait in turn (round robin, each account's calls in order), so an account with many calls
 * waiting takes one slot at a time like everyone else. A call waits for at most its wait time and stops waiting
 * when its caller aborts. A small queue of our own: p-limit and p-queue know neither per-caller waits nor accounts.
 */
export class Limiter {
  private running = 0;
  private readonly accounts = new Map<string, Account>();
  /** Accounts with calls waiting, in the order they are served next. */
  private readonly turn: string[] = [];

  constructor(private readonly settings: LimiterSettings) {}

  get active(): number {
    return this.running;
  }

  get queued(): number {
    let count = 0;
    for (const account of this.accounts.values()) count += account.waiting.length;
    return count;
  }

  /** Resolves with a release function once a slot is free. */
  acquire(request: SlotRequest = {}): Promise<() => void> {
    const { signal } = request;
    if (signal?.aborted) return Promise.reject(new LlmError('aborted'));
    const key = request.account ?? NO_ACCOUNT;
    const account = this.accountOf(key);
    const background = request.background ?? false;
    if (this.mayRun(key, account) && !this.turn.includes(key)) {
      this.start(account);
      return Promise.resolve(this.releaser(key, account));
    }
    const ownLimit = this.atOwnLimit(key, account);
    const waitMs = background ? this.settings.backgroundWaitMs : this.settings.waitMs;
    if (!background && ownLimit && account.waiting.filter((w) => !w.background).length >= this.settings.queuedPerAccount) {
      this.forget(key, account);
      return Promise.reject(new LlmError('account_busy'));
    }
    if (waitMs <= 0) {
      this.forget(key, account);
      return Promise.reject(new LlmError(ownLimit ? 'account_busy' : 'busy'));
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        background,
        grant: () => {
          cleanup();
          this.start(account);
          resolve(this.releaser(key, account));
        },
      };
      const leave = (error: LlmError) => {
        cleanup();
        const index = account.waiting.indexOf(waiter);
        if (index >= 0) account.waiting.splice(index, 1);
        if (account.waiting.length === 0) this.leaveTurn(key);
        this.forget(key, account);
        reject(error);
      };
      const timer = setTimeout(() => leave(new LlmError(this.atOwnLimit(key, account) ? 'account_busy' : 'busy')), waitMs);
      const onAbort = () => leave(new LlmError('aborted'));
      const cleanup = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      account.waiting.push(waiter);
      if (!this.turn.includes(key)) this.turn.push(key);
    });
  }

  private accountOf(key: string): Account {
    let account = this.accounts.get(key);
    if (!account) {
      account = { running: 0, waiting: [] };
      this.accounts.set(key, account);
    }
    return account;
  }

  /** The account's own calls fill its slots (calls without an account have none of their own). */
  private atOwnLimit(key: string, account: Account): boolean {
    return key !== NO_ACCOUNT && account.running >= this.settings.perAccount;
  }

  private mayRun(key: string, account: Account): boolean {
    return this.running < this.settings.max && !this.atOwnLimit(key, account);
  }

  private start(account: Account): void {
    this.running++;
    account.running++;
  }

  private forget(key: string, account: Account): void {
    if (account.running === 0 && account.waiting.length === 0) this.accounts.delete(key);
  }

  private leaveTurn(key: string): void {
    const index = this.turn.indexOf(key);
    if (index >= 0) this.turn.splice(index, 1);
  }

  private releaser(key: string, account: Account): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.running--;
      account.running--;
      this.forget(key, account);
      this.dispatch();
    };
  }

  /** Free slots go to the next accounts in turn that are below their own limit. */
  private dispatch(): void {
    while (this.running < this.settings.max) {
      const index = this.turn.findIndex((key) => this.mayRun(key, this.accountOf(key)));
      if (index < 0) return;
      const [key] = this.turn.splice(index, 1);
      const account = this.accountOf(key);
      const waiter = account.waiting.shift();
      if (account.waiting.length > 0) this.turn.push(key);
      waiter?.grant();
    }
  }
}
