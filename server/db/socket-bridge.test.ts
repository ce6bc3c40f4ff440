import { mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SOCKET_PORT, type SocketBridge, serveOnSocket, socketDirOf } from './socket-bridge';

// The server's own use of PGlite and socket clients (the CLI) share one session: neither may ever run
// inside the other's transaction or between the messages of the other's statement.
describe('PGlite on a local socket beside the server’s own use', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'moyan-socket-'));
  let db: PGlite;
  let bridge: SocketBridge;
  let pool: pg.Pool;
  beforeAll(async () => {
    db = await PGlite.create();
    await db.exec('create table t (id int primary key, who text not null)');
    const served = await serveOnSocket(db, dataDir);
    if (!served) throw new Error('no socket');
    bridge = served;
    pool = new pg.Pool({ host: socketDirOf(dataDir), port: SOCKET_PORT, user: 'postgres', database: 'postgres', max: 2 });
  });
  beforeEach(async () => {
    await db.exec('delete from t');
  });
  afterAll(async () => {
    await pool.end();
    await bridge.close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  const count = async () => (await db.query<{ n: number }>('select count(*)::int as n from t')).rows[0].n;

  it('answers parameterised queries', async () => {
    expect((await pool.query('select $1::int + 1 as n, $2::text as s', [41, '墨研'])).rows).toEqual([{ n: 42, s: '墨研' }]);
  });

  it('keeps the server’s queries out of a client transaction', async () => {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query("insert into t values (1, 'cli')");
      const seen = count();
      await client.query("insert into t values (2, 'cli')");
      await client.query('commit');
      // Run inside the client's open transaction, the server would have seen 1 row.
      expect(await seen).toBe(2);
    } finally {
      client.release();
    }
  });

  it('keeps client statements out of the server’s transactions', async () => {
    await pool.query('select 1');
    let seen: Promise<number> | undefined;
    await db.transaction(async (tx) => {
      await tx.query("insert into t values (3, 'server')");
      seen = pool.query<{ n: number }>('select count(*)::int as n from t').then((r) => r.rows[0].n);
      // Give the client's query every chance to run now; it must wait for the commit instead.
      await Promise.race([seen, new Promise((resolve) => setTimeout(resolve, 200))]);
      await tx.query("insert into t values (4, 'server')");
    });
    expect(await seen).toBe(2);
  });

  it('rolls back what a client left open when it disconnects, mid-transaction or mid-statement', async () => {
    const client = new pg.Client({ host: socketDirOf(dataDir), port: SOCKET_PORT, user: 'postgres', database: 'postgres' });
    client.on('error', () => undefined);
    await client.connect();
    await client.query('begin');
    await client.query("insert into t values (9, 'lost')");
    const closed = new Promise((resolve) => client.once('end', resolve));
    (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
    await closed;
    expect(await count()).toBe(0);
    expect(db.isInTransaction()).toBe(false);

    // A failing Parse with no Sync, then gone: the server's next statement must not be swallowed by
    // the protocol's skip-until-Sync after an error.
    const raw = createConnection(join(socketDirOf(dataDir), `.s.PGSQL.${SOCKET_PORT}`));
    await new Promise((resolve) => raw.once('connect', resolve));
    raw.write(startup());
    await new Promise((resolve) => raw.once('data', resolve));
    raw.write(parse('selec 1'));
    raw.destroy();
    await db.query("insert into t values (10, 'server')");
    expect(await count()).toBe(1);
  });
});

function startup(): Buffer {
  const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
  const message = Buffer.alloc(8 + params.length);
  message.writeInt32BE(message.length, 0);
  message.writeInt32BE(196_608, 4);
  params.copy(message, 8);
  return message;
}

function parse(sql: string): Buffer {
  const body = Buffer.concat([Buffer.from('\0'), Buffer.from(`${sql}\0`), Buffer.from([0, 0])]);
  const message = Buffer.alloc(5 + body.length);
  message[0] = 0x50; // 'P'
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}
