import { createRequire } from 'node:module';
import { afterEach } from 'vitest';

// The mutator reads the token from localStorage, which Node 20 does not have.
class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

globalThis.localStorage = new MemoryStorage();
afterEach(() => localStorage.clear());

// The Pact mock server records a matched request after it has answered it (pact-core-mock-server issue 13,
// pact-reference issue 535): under load, executeTest can ask whether the request came before the record is
// made, and fail with 'expected but not received' although the client got its answer (seen in CI). So each
// test callback waits, at most 500 ms, until the mock server says every interaction matched; one that really
// was not received still fails, with Pact's own message, once the wait is over.
type MockServer = { port: number };
type ConsumerPact = { mockServerMatchedSuccessfully(port: number): boolean };
type ExecuteTest = (pact: ConsumerPact, opts: unknown, testFn: (server: MockServer) => Promise<unknown>, cleanup: () => void) => Promise<unknown>;
const pactHttp = createRequire(import.meta.url)('@pact-foundation/pact/src/v4/http/index.js') as { executeTest: ExecuteTest };
const executeTest = pactHttp.executeTest;
pactHttp.executeTest = (pact, opts, testFn, cleanup) =>
  executeTest(
    pact,
    opts,
    async (server) => {
      const value = await testFn(server);
      for (let waited = 0; waited < 500 && !pact.mockServerMatchedSuccessfully(server.port); waited += 10) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      return value;
    },
    cleanup,
  );
