import { faker } from '@faker-js/faker/locale/zh_CN';
import {
  COLLECTIONS,
  FILE_NAMES,
  JOURNALS,
  OUTLINE,
  OUTLINE_POINTS,
  PARAGRAPHS,
  REFERENCES,
  REWORDED,
  TOPICS,
  type Topic,
} from './papers';
import {
  AIGC_REASONS,
  CHAT_EXCHANGES,
  CHECK_WARNINGS,
  FREE_CHECK_NOTICES,
  LEDGER_NOTES,
  PACKAGE_DESCRIPTIONS,
  PACKAGE_FEATURES,
  PACKAGE_NAMES,
  PPT_PAGE_COUNTS,
  PPT_SCENES,
  PPT_TEMPLATES,
  PPT_TOPICS,
  SLIDE_BULLETS,
  SLIDE_NOTES,
  SLIDE_TITLES,
  TASK_ERRORS,
  USERNAMES,
} from './services';

// What the generated MSW handlers (mocks/gen) call for realistic values: orval.config.ts maps contract
// properties to these (mocks/mock-properties.ts). Every draw goes through the seeded faker of the zh_CN
// locale, so the mocked server says the same things on every start.

const pick = <T>(items: readonly T[]): T => faker.helpers.arrayElement(items);
const some = <T>(items: readonly T[], min: number, max: number): T[] => faker.helpers.arrayElements(items, { min, max });
const int = (min: number, max: number) => faker.number.int({ min, max });

/** The topic a paper title belongs to (any other title: the first topic's discipline and terms). */
export function topicOf(title: unknown): Topic {
  return TOPICS.find((topic) => typeof title === 'string' && title.startsWith(topic.title)) ?? { ...TOPICS[0], title: String(title) };
}

/** The reworded form of a sample paragraph, or the paragraph itself reordered into a plausible rewording. */
export function rewordingOf(paragraph: unknown): string {
  const index = PARAGRAPHS.indexOf(String(paragraph));
  return index >= 0 ? REWORDED[index] : String(paragraph);
}

export const vocab = {
  /** ULID-like, its time part drawn too (a real ULID's is now), so ids are the same on every start. */
  id: () => faker.string.ulid({ refDate: faker.date.past({ years: 1, refDate: '2026-06-01T00:00:00Z' }) }),
  /** Most records are finished; some wait, run or failed. */
  taskStatus: () =>
    faker.helpers.weightedArrayElement([
      { weight: 6, value: 'done' as const },
      { weight: 2, value: 'running' as const },
      { weight: 1, value: 'queued' as const },
      { weight: 1, value: 'failed' as const },
    ]),
  token: () => `mya_${faker.string.alphanumeric(32)}.${faker.string.alphanumeric(16)}`,
  username: () => pick(USERNAMES),
  phone: () => faker.helpers.fromRegExp('1[3-9][0-9]{9}'),
  author: () => faker.person.fullName(),
  title: () => pick(TOPICS).title,
  discipline: () => pick(TOPICS).discipline,
  keywords: () => pick(TOPICS).keywords.slice(0, int(3, 4)),
  terms: () => pick(TOPICS).terms.slice(0, int(1, 3)),
  paragraph: () => pick(PARAGRAPHS),
  reworded: () => pick(REWORDED),
  paperText: () => some(PARAGRAPHS, 4, 8).join('\n'),
  chapterHeading: () => pick(OUTLINE).heading,
  sectionHeading: () => pick(pick(OUTLINE).sections),
  headings: () => [pick(OUTLINE).heading],
  points: () => some(OUTLINE_POINTS, 2, 4),
  references: () => some(REFERENCES, 6, 10),
  journal: () => pick(JOURNALS),
  sourceUrl: () => `https://kns.example.edu.cn/detail/${faker.string.numeric(10)}`,
  fileName: () => pick(FILE_NAMES),
  collection: () => pick(COLLECTIONS),
  collectionAt: (index: number) => COLLECTIONS[index % COLLECTIONS.length],
  taskError: () => pick(TASK_ERRORS),
  warning: () => pick(Object.values(CHECK_WARNINGS)),
  warningFor: (code: string) => CHECK_WARNINGS[code] ?? CHECK_WARNINGS.library_small,
  freeCheckNotice: () => pick(FREE_CHECK_NOTICES),
  unavailable: () => '该功能正在建设中',
  templateName: () => pick(PPT_TEMPLATES).name,
  palette: () => [...pick(PPT_TEMPLATES).palette],
  templatePreview: () => `/ppt-templates/${faker.string.numeric(2)}.png`,
  scene: () => pick(PPT_SCENES).key,
  sceneLabel: () => pick(PPT_SCENES).label,
  sceneValue: () => pick(PPT_SCENES).value,
  pageCount: () => pick(PPT_PAGE_COUNTS),
  pptTopic: () => pick(PPT_TOPICS),
  slideTitle: () => pick(SLIDE_TITLES),
  bullets: () => some(SLIDE_BULLETS, 3, 4),
  slideNotes: () => pick(SLIDE_NOTES),
  chatTitle: () => pick(CHAT_EXCHANGES).question,
  chatAnswer: () => pick(CHAT_EXCHANGES).answer,
  aigcReasons: () => some(AIGC_REASONS, 1, 2),
  packageName: () => pick(Object.values(PACKAGE_NAMES)),
  packageNameOf: (type: string) => PACKAGE_NAMES[type] ?? PACKAGE_NAMES.recharge,
  packageDescription: () => pick(PACKAGE_DESCRIPTIONS),
  packageFeatures: () => some(PACKAGE_FEATURES, 2, 3),
  ledgerNote: () => pick(Object.values(LEDGER_NOTES)),
  ledgerNoteOf: (kind: string) => LEDGER_NOTES[kind] ?? LEDGER_NOTES.grant,
  orderNo: () => `MY${faker.date.recent({ days: 30 }).toISOString().replace(/\D/g, '').slice(0, 14)}${faker.string.numeric(6)}`,
  payUrl: () => `/pay/sandbox/${faker.string.ulid()}?token=${faker.string.alphanumeric(43)}`,
  qrUrl: () => `http://127.0.0.1:5173/m/qr/${faker.string.alphanumeric(43)}`,
  deviceKey: () => `dk_${faker.string.alphanumeric(43)}`,
  recent: () => faker.date.recent({ days: 20 }).toISOString(),
  charCount: () => int(6_000, 36_000),
  fen: () => int(3, 2_000) * 10,
  ratio: () => faker.number.float({ min: 0.03, max: 0.62, fractionDigits: 4 }),
  paragraphCount: () => int(24, 90),
  sectionCount: () => int(12, 30),
  messageCount: () => int(1, 6) * 2,
  targetLength: () => pick([8_000, 10_000, 12_000, 15_000, 20_000, 30_000]),
  year: () => int(2012, 2025),
  small: () => int(1, 20),
  libraryDocuments: () => int(800, 90_000),
};
