import pg from 'pg';

export interface ListenHandlers {
  /** A NOTIFY's payload on the channel, from any process on the database (this one included). */
  onMessage(payload: string): void;
  /** The connection was lost and is back: notifications sent meanwhile were missed. */
  onMissed(): void;
}

const RECONNECT_MS = 1000;

/**
 * LISTEN on one PostgreSQL channel over a connection of its own (a pooled one is handed to other queries), until
 * `close`. A lost connection is opened again after a second, and the loss reported through `onMissed`.
 */
export function listenOn(config: pg.ClientConfig, channel: string, handlers: ListenHandlers): { close(): Promise<void> } {
  let closed = false;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  const retry = (lost: pg.Client) => {
    lost.end().catch(() => undefined);
    if (client === lost) client = undefined;
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connect(true);
    }, RECONNECT_MS);
  };

  const connect = async (again: boolean) => {
    if (closed) return;
    const next = new pg.Client(config);
    next.on('notification', (message) => {
      if (message.channel === channel) handlers.onMessage(message.payload ?? '');
    });
    next.on('error', () => retry(next));
    next.on('end', () => {
      if (!closed) retry(next);
    });
    try {
      await next.connect();
      await next.query(`listen ${pg.escapeIdentifier(channel)}`);
    } catch {
      retry(next);
      return;
    }
    if (closed) return void next.end().catch(() => undefined);
    client = next;
    if (again) handlers.onMissed();
  };

  void connect(false);
  return {
    close: async () => {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}
