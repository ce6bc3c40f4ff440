import { faker } from '@faker-js/faker/locale/zh_CN';
import { http } from 'msw';
import { notFound, ok } from '../envelope';
import { type Row, idOf, pageOf, readBody, withUser } from './request';

type AreaOptions = {
  /** e.g. /api/base/check_api */
  base: string;
  /** Records as the generated list mock makes them (faker, zh_CN). */
  seed: () => Row[];
  /** The generated detail mock, for fields a list record does not carry. */
  detail?: () => Record<string, unknown>;
  /** Extra operations that change a record: path -> (record, body) => record. */
  updates?: Record<string, (record: Row, body: Record<string, unknown>) => Row>;
};

const SEED_SIZE = 12;
const STATUSES = ['done', 'done', 'done', 'running', 'queued', 'failed', 'draft'];

/** Unique short ids, recent times and a believable status mix on top of the generated fields. */
function tidy(rows: Row[]): Row[] {
  return rows.slice(0, SEED_SIZE).map((row, index) => {
    const tidied: Row = { ...row, id: faker.string.alphanumeric(12) };
    if ('createdAt' in row) tidied.createdAt = faker.date.recent({ days: 20 }).toISOString();
    if ('charCount' in row) tidied.charCount = faker.number.int({ min: 6000, max: 45000 });
    // About 3 yuan per thousand characters, as a believable price.
    if ('priceFen' in row && 'charCount' in row) tidied.priceFen = Math.round((Number(tidied.charCount) / 1000) * 300);
    if ('lastMessageAt' in row) tidied.lastMessageAt = faker.date.recent({ days: 5 }).toISOString();
    if ('status' in row && 'progress' in row) {
      const status = STATUSES[index % STATUSES.length];
      Object.assign(tidied, { status, progress: status === 'done' ? 100 : status === 'running' ? 45 : 0 });
    }
    return tidied;
  });
}

function matches(row: Row, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, value]) => {
    if (value === undefined || value === null || value === '') return true;
    if (key === 'keyword') return String(row.title ?? '').includes(String(value));
    return row[key] === value;
  });
}

/** An in-memory list behind query_list, load_by_id and delete, so changes survive within a session. */
export function recordArea({ base, seed, detail, updates = {} }: AreaOptions) {
  let rows: Row[] = [];
  const reset = () => {
    const seeded: Row[] = [];
    while (seeded.length < SEED_SIZE) seeded.push(...seed());
    rows = tidy(seeded);
  };

  const handlers = [
    http.post(`*${base}/query_list`, withUser(async (request) => {
      const filter = await readBody<Record<string, unknown>>(request);
      return ok(pageOf(request)(rows.filter((row) => matches(row, filter))));
    })),
    http.post(`*${base}/load_by_id`, withUser((request) => {
      const row = rows.find((item) => item.id === idOf(request));
      return row ? ok({ ...detail?.(), ...row }) : notFound();
    })),
    http.post(`*${base}/delete`, withUser((request) => {
      const id = idOf(request);
      if (!rows.some((row) => row.id === id)) return notFound();
      rows = rows.filter((row) => row.id !== id);
      return ok({ id, deleted: true });
    })),
    ...Object.entries(updates).map(([path, update]) =>
      http.post(`*${base}/${path}`, withUser(async (request) => {
        const index = rows.findIndex((row) => row.id === idOf(request));
        if (index === -1) return notFound();
        rows[index] = update(rows[index], await readBody<Record<string, unknown>>(request));
        return ok(rows[index]);
      })),
    ),
  ];
  /** For a service's own stateful handlers (a new draft, a status change). */
  const store = {
    find: (id: string) => rows.find((row) => row.id === id),
    insert: (row: Row) => {
      rows = [row, ...rows];
    },
    update: (id: string, patch: Record<string, unknown>) => {
      rows = rows.map((row) => (row.id === id ? { ...row, ...patch } : row));
    },
  };
  return { handlers, reset, store };
}
