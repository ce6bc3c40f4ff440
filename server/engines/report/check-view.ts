import type { components } from '../../gen/openapi';

/** A check's report as the contract shows it: what report_paragraphs answers and download_report renders. */
export type CheckReportView = components['schemas']['CheckReport'];
