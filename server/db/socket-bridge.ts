import { chmodSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { type Server, type Socket, createServer } from 'node:net';
import { join, resolve } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketHandler, type PGLiteSocketHandlerOptions } from '@electric-sql/pglite-socket';

// The embedded database belongs to one process, the server. So that operator commands (npm run cli)
// work while it runs, it also answers the PostgreSQL protocol on a unix socket inside DATA_DIR, which
// only the owner of DATA_DIR can open, and `pg` connects there as to any PostgreSQL server.
//
// PGlite is one session. pglite-socket queues each protocol message under PGlite's query lock, which
// lets the server's own queries and transactions run between a client's messages: a client's BEGIN
// would swallow the server's next queries into its transaction, and a statement parsed but not yet
// executed could be replaced by the server's. So messages reach PGlite through SessionGate instead of
// pglite-socket's queue: a client holds PGlite's transaction lock (the one PGlite's own query() and
// transaction() take) from its first message until it is back to idle (a Sync or simple Query
// answered outside a transaction). Server requests wait for at most that round or transaction and
// never interleave with it.

export const SOCKET_PORT = 5432;
/** The directory `pg` is given as host: it connects to <dir>/.s.PGSQL.5432. */
export const socketDirOf = (dataDir: string) => resolve(dataDir, 'socket');
const socketPathOf = (dataDir: string) => join(socketDirOf(dataDir), `.s.PGSQL.${SOCKET_PORT}`);
// Unix socket paths are limited to 107 bytes on Linux (103 on macOS).
const MAX_SOCKET_PATH = 100;
// A client that holds the session and then goes quiet is disconnected (and rolled back) after this.
const HELD_IDLE_LIMIT_MS = 10_000;

export function socketAvailable(dataDir: string): boolean {
  return existsSync(socketPathOf(dataDir));
}

export interface SocketBridge {
  path: string;
  close(): Promise<void>;
}

/** Serves `db` on DATA_DIR/socket/.s.PGSQL.5432; null (nothing served) when that path is too long. */
export async function serveOnSocket(db: PGlite, dataDir: string): Promise<SocketBridge | null> {
  const path = socketPathOf(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) return null;
  mkdirSync(socketDirOf(dataDir), { recursive: true, mode: 0o700 });
  chmodSync(socketDirOf(dataDir), 0o700);
  // The caller holds DATA_DIR's pid lock, so a socket file left here is a dead server's.
  rmSync(path, { force: true });

  const gate = new SessionGate(db);
  const handlers = new Set<PGLiteSocketHandler>();
  const server: Server = createServer((socket: Socket) => {
    const handler = new PGLiteSocketHandler({
      // SessionGate implements the three calls a handler makes on its queue.
      queryQueue: gate as unknown as PGLiteSocketHandlerOptions['queryQueue'],
      closeOnDetach: true,
    });
    handlers.add(handler);
    gate.onHeldTooLong(handler.handlerId, () => void handler.detach(true));
    handler.addEventListener('close', () => handlers.delete(handler));
    handler.addEventListener('error', () => handlers.delete(handler));
    void handler.attach(socket);
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(path, () => done());
  });
  chmodSync(path, 0o600);
  return {
    path,
    close: async () => {
      await Promise.all([...handlers].map((h) => h.detach(true)));
      await new Promise<void>((done) => server.close(() => done()));
      rmSync(path, { force: true });
    },
  };
}

const TYPE_SYNC = 0x53; // 'S'
const TYPE_QUERY = 0x51; // 'Q'
const TYPE_TERMINATE = 0x58; // 'X'
const SYNC = Uint8Array.from([TYPE_SYNC, 0, 0, 0, 4]);
const ROLLBACK = simpleQuery('ROLLBACK');

/** Gives each socket client whole rounds and whole transactions of the one PGlite session. */
class SessionGate {
  private holder: { handlerId: number; release: () => void; idle?: NodeJS.Timeout } | null = null;
  private readonly tails = new Map<number, Promise<number>>();
  private readonly gone = new Set<number>();
  private readonly onIdle = new Map<number, () => void>();

  constructor(private readonly db: PGlite) {}

  onHeldTooLong(handlerId: number, disconnect: () => void): void {
    this.onIdle.set(handlerId, disconnect);
  }

  /** A handler's messages run one after another, in order. */
  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    const run = () => this.execute(handlerId, message, onData);
    const next = (this.tails.get(handlerId) ?? Promise.resolve(0)).then(run, run);
    this.tails.set(
      handlerId,
      next.catch(() => 0),
    );
    return next;
  }

  clearQueueForHandler(handlerId: number): void {
    this.gone.add(handlerId);
  }

  /** Called when a client disconnects: end what it left open, then let the server have the session. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    this.gone.add(handlerId);
    await this.tails.get(handlerId);
    this.tails.delete(handlerId);
    this.onIdle.delete(handlerId);
    if (this.holder?.handlerId !== handlerId) return;
    try {
      await this.db.runExclusive(async () => {
        const discard = { onRawData: () => undefined };
        await this.db.execProtocolRawStream(SYNC, discard);
        if (this.db.isInTransaction()) await this.db.execProtocolRawStream(ROLLBACK, discard);
      });
    } finally {
      this.release();
    }
  }

  private async execute(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number> {
    // Terminate would end PGlite's only session; the socket closing is all a client's goodbye needs.
    if (this.gone.has(handlerId) || message[0] === TYPE_TERMINATE) return 0;
    if (this.holder?.handlerId !== handlerId) {
      const release = await holdTransactionLock(this.db);
      this.holder = { handlerId, release };
    }
    clearTimeout(this.holder.idle);
    let bytes = 0;
    await this.db.runExclusive(() =>
      this.db.execProtocolRawStream(message, {
        onRawData: (data) => {
          bytes += data.length;
          onData(data);
        },
      }),
    );
    if (endsRound(message) && !this.db.isInTransaction()) this.release();
    else this.watchIdle(handlerId);
    return bytes;
  }

  // Between two messages of a held round or transaction, not while one runs: a long statement is fine,
  // a client that stops talking while it holds the session is not.
  private watchIdle(handlerId: number): void {
    if (this.holder?.handlerId !== handlerId) return;
    this.holder.idle = setTimeout(() => this.onIdle.get(handlerId)?.(), HELD_IDLE_LIMIT_MS);
    this.holder.idle.unref();
  }

  private release(): void {
    if (!this.holder) return;
    clearTimeout(this.holder.idle);
    this.holder.release();
    this.holder = null;
  }
}

/** Takes PGlite's transaction lock and keeps it until the returned function is called. */
function holdTransactionLock(db: PGlite): Promise<() => void> {
  return new Promise((acquired) => {
    void db._runExclusiveTransaction(() => new Promise<void>((release) => acquired(() => release())));
  });
}

// A round ends with Sync (extended protocol) or a simple Query; the startup message (no type byte,
// protocol 3.0 in its second word) is answered with ReadyForQuery too.
function endsRound(message: Uint8Array): boolean {
  const type = message[0];
  if (type === TYPE_SYNC || type === TYPE_QUERY) return true;
  return message.length >= 8 && new DataView(message.buffer, message.byteOffset).getInt32(4) === 196_608;
}

function simpleQuery(sql: string): Uint8Array {
  const text = Buffer.from(`${sql}\0`, 'utf8');
  const message = Buffer.alloc(5 + text.length);
  message[0] = TYPE_QUERY;
  message.writeInt32BE(4 + text.length, 1);
  text.copy(message, 5);
  return message;
}
