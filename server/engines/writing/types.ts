// The writing engine's shapes. The outline is the contract's PaperOutline (openapi/paths/paper.yaml).

export const DEGREES = ['junior-college', 'bachelor', 'master', 'doctor', 'journal'] as const;
export type Degree = (typeof DEGREES)[number];

export const DEGREE_NAMES: Record<Degree, string> = {
  'junior-college': '专科',
  bachelor: '本科',
  master: '硕士',
  doctor: '博士',
  journal: '期刊学术论文',
};

/** The four families whose papers are built alike (理工, 人文社科, 经管, 医学). */
export const DISCIPLINE_GROUPS = ['science', 'humanities', 'economics', 'medicine'] as const;
export type DisciplineGroup = (typeof DISCIPLINE_GROUPS)[number];

export const DISCIPLINE_GROUP_NAMES: Record<DisciplineGroup, string> = {
  science: '理工',
  humanities: '人文社科',
  economics: '经管',
  medicine: '医学',
};

export interface OutlineSection {
  heading: string;
  targetLength: number;
  /** Writing points; in a template outline they are the template's guidance for the section. */
  points: string[];
}

export interface OutlineChapter {
  heading: string;
  targetLength: number;
  sections: OutlineSection[];
}

export interface Outline {
  chapters: OutlineChapter[];
}

/** One reference the user supplied, parsed as far as its source allows. */
export interface Reference {
  /** The entry as the user gave it (one line). */
  raw: string;
  type: 'J' | 'M' | 'D' | 'C' | 'N' | 'R' | 'P' | 'S' | 'EB' | 'Z';
  authors: string[];
  title: string;
  /** Journal, proceedings, or the book's publisher. */
  container?: string;
  place?: string;
  year?: string;
  volume?: string;
  issue?: string;
  pages?: string;
  url?: string;
  doi?: string;
}

/** What the generator is told about the paper as a whole. */
export interface PaperBrief {
  title: string;
  discipline: string;
  degree: Degree;
  targetLength: number;
  keywords: string[];
  references: string[];
  requirements?: string;
}

/** One unit the generator writes: a section, or a chapter without sections. */
export interface WritingUnit {
  index: number;
  level: 1 | 2;
  heading: string;
  chapterHeading: string;
  targetLength: number;
  points: string[];
}
