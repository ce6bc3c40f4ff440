import type { Reference } from './types';

// The user's references: a pasted list, a .bib or a .ris file, parsed into entries and written out in
// GB/T 7714-2015 style (顺序编码制). These are the only references a paper ever lists or cites.

export type ReferenceFormat = 'bibtex' | 'ris' | 'plain';

export interface ParsedReferences {
  format: ReferenceFormat;
  references: Reference[];
}

export function detectReferenceFormat(input: string): ReferenceFormat {
  if (/^\s*@[a-z]+\s*[{(]/im.test(input)) return 'bibtex';
  if (/^TY {2}- /m.test(input) && /^ER {2}-/m.test(input)) return 'ris';
  return 'plain';
}

export function parseReferences(input: string): ParsedReferences {
  const format = detectReferenceFormat(input);
  const references = format === 'bibtex' ? parseBibtex(input) : format === 'ris' ? parseRis(input) : parsePlain(input);
  return { format, references };
}

// ---- plain list -------------------------------------------------------------------------------

const LEADING_NUMBER = /^\s*(?:\[\s*\d+\s*\]|［\s*\d+\s*］|\d+\s*[.、．)]|（\s*\d+\s*）|\(\s*\d+\s*\))\s*/u;
const TYPE_CODE = /\[(J|M|D|C|N|R|P|S|EB\/OL|EB|Z|DB|CP|A|G)(?:\/OL)?\]/;

/** One entry per line; numbering such as [1], 1. or （1） taken off; the entry itself kept as written. */
export function parsePlain(input: string): Reference[] {
  return input
    .split(/\r?\n/)
    .map((line) => line.replace(LEADING_NUMBER, '').replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .map(plainReference);
}

/** A typed entry: its type code, authors (before the first period) and title (up to the type code). */
export function plainReference(raw: string): Reference {
  const code = TYPE_CODE.exec(raw)?.[1];
  const type = (code === 'EB' ? 'EB' : code && 'JMDCNRPSZ'.includes(code) && code.length === 1 ? code : 'Z') as Reference['type'];
  const head = raw.split(/[.．。]\s*/)[0] ?? '';
  const authors = code ? head.split(/[,，、]\s*/).filter(Boolean) : [];
  const title = code ? (raw.slice(head.length).replace(/^[.．。]\s*/, '').split(TYPE_CODE)[0] ?? '').trim() : raw;
  const year = /(?:^|[^0-9])((?:19|20)\d{2})(?![0-9])/.exec(raw)?.[1];
  return { raw, type, authors, title, year };
}

// ---- BibTeX -----------------------------------------------------------------------------------

const BIB_TYPES: Record<string, Reference['type']> = {
  article: 'J',
  book: 'M',
  inbook: 'M',
  incollection: 'M',
  phdthesis: 'D',
  mastersthesis: 'D',
  thesis: 'D',
  inproceedings: 'C',
  conference: 'C',
  proceedings: 'C',
  techreport: 'R',
  report: 'R',
  patent: 'P',
  standard: 'S',
  online: 'EB',
  misc: 'Z',
  electronic: 'EB',
  webpage: 'EB',
  newspaper: 'N',
};

/** BibTeX entries (braced or quoted values, nested braces, # concatenation of quoted parts). */
export function parseBibtex(input: string): Reference[] {
  const out: Reference[] = [];
  const entry = /@([a-zA-Z]+)\s*[{(]/g;
  let match: RegExpExecArray | null;
  while ((match = entry.exec(input))) {
    const kind = match[1].toLowerCase();
    if (kind === 'comment' || kind === 'string' || kind === 'preamble') continue;
    const { fields, end } = bibFields(input, entry.lastIndex);
    entry.lastIndex = end;
    const type = BIB_TYPES[kind] ?? 'Z';
    const raw = input.slice(match.index, end).replace(/\s+/g, ' ').trim();
    out.push({
      raw,
      type: type === 'Z' && fields.url ? 'EB' : type,
      authors: splitAuthors(fields.author ?? fields.editor ?? ''),
      title: clean(fields.title ?? ''),
      container: clean(fields.journal ?? fields.journaltitle ?? fields.booktitle ?? fields.publisher ?? fields.school ?? fields.institution ?? ''),
      place: clean(fields.address ?? fields.location ?? '') || undefined,
      year: clean(fields.year ?? fields.date ?? '').slice(0, 4) || undefined,
      volume: clean(fields.volume ?? '') || undefined,
      issue: clean(fields.number ?? fields.issue ?? '') || undefined,
      pages: clean(fields.pages ?? '').replace(/-{1,2}|–/g, '-') || undefined,
      url: clean(fields.url ?? '') || undefined,
      doi: clean(fields.doi ?? '') || undefined,
      ...(type === 'M' || type === 'D' || type === 'R' ? { container: clean(fields.publisher ?? fields.school ?? fields.institution ?? '') } : {}),
    });
  }
  return out;
}

function bibFields(text: string, start: number): { fields: Record<string, string>; end: number } {
  const fields: Record<string, string> = {};
  let i = start;
  // The citation key.
  while (i < text.length && text[i] !== ',' && text[i] !== '}' && text[i] !== ')') i++;
  while (i < text.length) {
    while (i < text.length && /[\s,]/.test(text[i])) i++;
    if (text[i] === '}' || text[i] === ')' || i >= text.length) return { fields, end: i + 1 };
    const name = /^[A-Za-z_-]+/.exec(text.slice(i, i + 64))?.[0];
    if (!name) return { fields, end: i + 1 };
    i += name.length;
    while (/\s/.test(text[i] ?? '')) i++;
    if (text[i] !== '=') continue;
    i++;
    let value = '';
    for (;;) {
      while (/\s/.test(text[i] ?? '')) i++;
      if (text[i] === '{') {
        let depth = 0;
        const from = i;
        for (; i < text.length; i++) {
          if (text[i] === '{') depth++;
          else if (text[i] === '}' && --depth === 0) break;
        }
        value += text.slice(from + 1, i);
        i++;
      } else if (text[i] === '"') {
        const from = ++i;
        let depth = 0;
        for (; i < text.length && (text[i] !== '"' || depth > 0); i++) {
          if (text[i] === '{') depth++;
          else if (text[i] === '}') depth--;
        }
        value += text.slice(from, i);
        i++;
      } else {
        const bare = /^[^,}\s#]+/.exec(text.slice(i))?.[0] ?? '';
        value += bare;
        i += bare.length;
      }
      while (/\s/.test(text[i] ?? '')) i++;
      if (text[i] === '#') {
        i++;
        continue;
      }
      break;
    }
    fields[name.toLowerCase()] = value;
  }
  return { fields, end: i };
}

const ACCENTS: Record<string, string> = { '"': '\u0308', "'": '\u0301', '`': '\u0300', '^': '\u0302', '~': '\u0303' };

const clean = (value: string) =>
  value
    .replace(/\\(["'`^~])\{?([A-Za-z])\}?/g, (_m, accent: string, letter: string) => `${letter}${ACCENTS[accent]}`.normalize('NFC'))
    .replace(/[{}]/g, '').replace(/\\&/g, '&').replace(/\s+/g, ' ').trim();

function splitAuthors(value: string): string[] {
  return clean(value)
    .split(/\s+and\s+/i)
    .map((a) => a.trim())
    .filter(Boolean);
}

// ---- RIS --------------------------------------------------------------------------------------

const RIS_TYPES: Record<string, Reference['type']> = {
  JOUR: 'J',
  JFULL: 'J',
  MGZN: 'J',
  BOOK: 'M',
  CHAP: 'M',
  THES: 'D',
  CONF: 'C',
  CPAPER: 'C',
  RPRT: 'R',
  PAT: 'P',
  STAND: 'S',
  ELEC: 'EB',
  WEB: 'EB',
  NEWS: 'N',
};

export function parseRis(input: string): Reference[] {
  const out: Reference[] = [];
  let current: Record<string, string[]> | null = null;
  let lines: string[] = [];
  for (const line of input.split(/\r?\n/)) {
    const m = /^([A-Z][A-Z0-9]) {2}-\s?(.*)$/.exec(line);
    if (!m) continue;
    const [, tag, value] = m;
    if (tag === 'TY') {
      current = { TY: [value.trim()] };
      lines = [line.trim()];
      continue;
    }
    if (!current) continue;
    lines.push(line.trim());
    if (tag === 'ER') {
      out.push(risReference(current, lines.join(' ')));
      current = null;
      continue;
    }
    (current[tag] ??= []).push(value.trim());
  }
  return out;
}

function risReference(f: Record<string, string[]>, raw: string): Reference {
  const one = (...tags: string[]) => tags.map((t) => f[t]?.[0]).find((v) => v && v.length > 0);
  const start = one('SP');
  const end = one('EP');
  return {
    raw,
    type: RIS_TYPES[one('TY') ?? ''] ?? 'Z',
    authors: [...(f.AU ?? []), ...(f.A1 ?? [])],
    title: one('TI', 'T1') ?? '',
    container: one('JO', 'T2', 'JF', 'JA', 'BT', 'PB'),
    place: one('CY'),
    year: (one('PY', 'Y1', 'DA') ?? '').slice(0, 4) || undefined,
    volume: one('VL'),
    issue: one('IS'),
    pages: start ? (end ? `${start}-${end}` : start) : undefined,
    url: one('UR'),
    doi: one('DO'),
    ...(RIS_TYPES[one('TY') ?? ''] === 'M' || RIS_TYPES[one('TY') ?? ''] === 'D' ? { container: one('PB', 'T2') } : {}),
  };
}

// ---- GB/T 7714-2015 ---------------------------------------------------------------------------

const hasCjk = (s: string) => /\p{Script=Han}/u.test(s);

/** "Smith, John A." or "John A. Smith" -> "SMITH J A"; Chinese names as written. */
export function formatAuthor(name: string): string {
  const n = name.trim();
  if (!n || hasCjk(n)) return n;
  let family: string;
  let given: string[];
  if (n.includes(',')) {
    const [f, g] = n.split(',', 2);
    family = f.trim();
    given = g.trim().split(/[\s.]+/).filter(Boolean);
  } else {
    const parts = n.split(/\s+/);
    family = parts.pop() ?? '';
    given = parts.flatMap((p) => p.split('.')).filter(Boolean);
  }
  const initials = given.map((g) => g.split('-').map((x) => x[0]?.toUpperCase() ?? '').join('-')).join(' ');
  return [family.toUpperCase(), initials].filter(Boolean).join(' ');
}

/** At most three authors, then 等 (Chinese) or et al. */
export function formatAuthors(authors: string[]): string {
  const names = authors.map(formatAuthor).filter(Boolean);
  if (names.length === 0) return '';
  const chinese = names.some(hasCjk);
  const shown = names.slice(0, 3).join(', ');
  return names.length > 3 ? `${shown}, ${chinese ? '等' : 'et al'}` : shown;
}

const end = (s: string) => (/[.。?？!！]$/.test(s) ? s : `${s}.`);

/** One entry in GB/T 7714-2015 style; an entry pasted as text is kept as the user wrote it. */
export function formatReference(ref: Reference): string {
  if (!ref.title || (!ref.authors.length && !ref.container && !ref.year)) return end(ref.raw.trim());
  if (ref.raw && !ref.raw.startsWith('@') && !ref.raw.startsWith('TY  -') && TYPE_CODE.test(ref.raw)) return end(ref.raw.trim());
  const authors = formatAuthors(ref.authors);
  const code = ref.type === 'EB' ? 'EB/OL' : ref.type;
  const head = `${authors ? `${authors}. ` : ''}${ref.title}[${code}]`;
  const place = ref.place ? `${ref.place}: ` : '';
  let tail: string;
  switch (ref.type) {
    case 'J': {
      const vol = ref.volume ? `, ${ref.volume}` : '';
      const issue = ref.issue ? `(${ref.issue})` : '';
      const pages = ref.pages ? `: ${ref.pages}` : '';
      tail = `. ${ref.container ?? ''}, ${ref.year ?? ''}${vol}${issue}${pages}`;
      break;
    }
    case 'M':
    case 'D':
    case 'R':
    case 'S':
      tail = `. ${place}${ref.container ?? ''}${ref.container && ref.year ? ', ' : ''}${ref.year ?? ''}${ref.pages ? `: ${ref.pages}` : ''}`;
      break;
    case 'C':
      tail = `//${ref.container ?? ''}. ${place}${ref.year ?? ''}${ref.pages ? `: ${ref.pages}` : ''}`;
      break;
    default:
      tail = `${ref.container ? `. ${ref.container}` : ''}${ref.year ? `, ${ref.year}` : ''}`;
  }
  let text = `${head}${tail}`.replace(/\s+,/g, ',').replace(/\.\s*\./g, '.').replace(/,\s*$/, '');
  if (ref.url) text = `${end(text)} ${ref.url}`;
  if (ref.doi) text = `${end(text)} DOI:${ref.doi}`;
  return end(text);
}

/** The reference list as the document prints it: [1] ... [n]. */
export function referenceList(references: string[]): string[] {
  return references.map((r, i) => `[${i + 1}] ${r}`);
}

/**
 * The user's references (strings as the contract carries them, one entry each, or the text of a pasted
 * list / .bib / .ris) as GB/T 7714 lines, numbering taken off.
 */
export function normalizeReferences(entries: string[]): string[] {
  return entries.flatMap((entry) => parseReferences(entry).references.map(formatReference)).filter((r) => r.length > 1);
}
