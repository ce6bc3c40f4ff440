import { http } from 'msw';
import { consistent } from '../consistency';
import { notFound, ok } from '../envelope';
import { withSeed } from '../seed';
import { mockDataEmpty } from './data-mode';
import { type Row, idOf, pageOf, readBody, withUser } from './request';

type AreaOptions = {
  /** e.g. /api/base/check_api */
  base: string;
  /** Records as the generated list mock makes them (faker, zh_CN, mocks/vocab). */
  seed: () => Row[];
  /** The generated detail mock, for fields a list record does not carry. */
  detail?: () => Record<string, unknown>;
  /** Values every list shows, shared out over the seeded records in turn (e.g. each mode of the area). */
  spread?: Record<string, readonly unknown[]>;
  /** What the area settles on top of the general rules (the check store aligns figures with its report). */
  settle?: (row: Row) => Row;
  /** The record's items behind query_content_list and load_content_by_id (paragraphs, sections). */
  content?: (row: Row) => Row[];
  /** Other views of one record by its id (params id), e.g. a paper's assembled text. */
  views?: Record<string, (row: Row) => unknown>;
  /** Extra operations that change a record: path -> (record, body) => record. */
  updates?: Record<string, (record: Row, body: Record<string, unknown>) => Row>;
  /** What load_by_id adds from the record's content (an AIGC detection's heat bar from its paragraphs). */
  enrich?: (detail: Row, content: Row[]) => Row;
  /** Operations that change one content item (id in the body or params): path -> (item, body) => changed fields. */
  itemUpdates?: Record<string, (item: Row, body: Record<string, unknown>, later: (patch: Record<string, unknown>) => void) => Record<string, unknown>>;
};

const SEED_SIZE = 12;
/** The status of the n-th seeded record: the first (id 1) finished, then a mix. */
const STATUSES = ['done', 'done', 'done', 'running', 'queued', 'failed', 'draft'];

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** Seeded record n: ids 1..12, newest first, a status mix, the area's spread values, all settled. */
function place(row: Row, index: number, spread: Record<string, readonly unknown[]>): Row {
  const placed: Row = { ...row, id: String(index + 1) };
  for (const [key, values] of Object.entries(spread)) placed[key] = values[index % values.length];
  if ('createdAt' in row) placed.createdAt = hoursAgo(index * 17 + 1);
  if ('lastMessageAt' in row) placed.lastMessageAt = placed.createdAt;
  if ('status' in row && 'progress' in row) {
    const status = STATUSES[index % STATUSES.length];
    Object.assign(placed, { status, progress: status === 'running' ? 45 : status === 'failed' ? 60 : 0, finishedAt: null, error: null });
  }
  return consistent(placed);
}

function matches(row: Row, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([key, value]) => {
    if (value === undefined || value === null || value === '') return true;
    if (key === 'keyword') return String(row.title ?? '').includes(String(value));
    return row[key] === value;
  });
}

/**
 * An in-memory list behind query_list, load_by_id, delete and the content routes, so that what a list
 * shows is what the detail and content routes return for the same id, and changes survive within a
 * session. Seeded from the generated mocks with ids 1..12 (every kind has an id 1), or empty.
 */
export function recordArea({ base, seed, detail, spread = {}, settle = (row) => row, content, enrich, views = {}, updates = {}, itemUpdates = {} }: AreaOptions) {
  let rows: Row[] = [];
  /** Changes to content items within the session (accepted, re-run), over what the seed derives. */
  const patches = new Map<string, Record<string, unknown>>();
  const reset = () => {
    rows = [];
    patches.clear();
    if (mockDataEmpty()) return;
    withSeed(base, () => {
      const generated: Row[] = [];
      while (generated.length < SEED_SIZE) generated.push(...seed());
      rows = generated.slice(0, SEED_SIZE).map((row, index) => settle(place(row, index, spread)));
    });
  };

  /** The detail: the record as listed, with the detail-only fields drawn once per id and settled against it. */
  const detailOf = (row: Row) => {
    const extras = detail ? withSeed(`${base}/detail/${row.id}`, detail) : {};
    return { ...consistent({ ...extras, ...row }), ...row };
  };
  const contentOf = (row: Row) =>
    (content ? withSeed(`${base}/content/${row.id}`, () => content(row)) : []).map((item) => ({ ...item, ...patches.get(item.id) }));
  const find = (id: string) => rows.find((row) => row.id === id);

  const handlers = [
    http.post(`*${base}/query_list`, withUser(async (request) => {
      const filter = await readBody<Record<string, unknown>>(request);
      return ok(pageOf(request)(rows.filter((row) => matches(row, filter))));
    })),
    http.post(`*${base}/load_by_id`, withUser((request) => {
      const row = find(idOf(request));
      if (!row) return notFound();
      return ok(enrich ? enrich(detailOf(row), contentOf(row)) : detailOf(row));
    })),
    http.post(`*${base}/delete`, withUser((request) => {
      const id = idOf(request);
      if (!find(id)) return notFound();
      rows = rows.filter((row) => row.id !== id);
      return ok({ id, deleted: true });
    })),
    ...(content
      ? [
          http.post(`*${base}/query_content_list`, withUser((request) => {
            const row = find(idOf(request));
            return row ? ok(pageOf(request)(contentOf(row))) : notFound();
          })),
          http.post(`*${base}/load_content_by_id`, withUser((request) => {
            const id = idOf(request);
            const row = find(id.slice(0, id.lastIndexOf('-')));
            const item = row && contentOf(row).find((candidate) => candidate.id === id);
            return item ? ok(item) : notFound();
          })),
        ]
      : []),
    ...Object.entries(views).map(([path, view]) =>
      http.post(`*${base}/${path}`, withUser((request) => {
        const row = find(idOf(request));
        return row ? ok(withSeed(`${base}/${path}/${row.id}`, () => view(row))) : notFound();
      })),
    ),
    ...Object.entries(itemUpdates).map(([path, update]) =>
      http.post(`*${base}/${path}`, withUser(async (request) => {
        const body = await readBody<Record<string, unknown>>(request);
        const id = String(body.id ?? idOf(request));
        const row = find(id.slice(0, id.lastIndexOf('-')));
        const item = row && contentOf(row).find((candidate) => candidate.id === id);
        if (!item) return notFound();
        const patch = (changes: Record<string, unknown>) => patches.set(id, { ...patches.get(id), ...changes });
        patch(update(item, body, patch));
        return ok({ ...item, ...patches.get(id) });
      })),
    ),
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
    find,
    /** A content item (paragraph, section) by its id, `<record id>-<n>`. */
    item: (id: string) => {
      const row = find(id.slice(0, id.lastIndexOf('-')));
      return row ? contentOf(row).find((candidate) => candidate.id === id) : undefined;
    },
    insert: (row: Row) => {
      rows = [row, ...rows];
    },
    update: (id: string, patch: Record<string, unknown>) => {
      rows = rows.map((row) => (row.id === id ? { ...row, ...patch } : row));
    },
  };
  return { handlers, reset, store };
}
