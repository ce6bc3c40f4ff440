import { inlineCompute } from '../compute';
import type { Host, TaskTable } from './protocol';
import { RemoteLibrary } from './remote-library';

// What a worker thread runs (server/workers/pool.ts): the engine work of the Compute port (server/compute.ts),
// run here as the inline implementation runs it in a test. Engines load on first use, so a worker starts
// quickly and holds only what it has run. The library's queries of checkText go back to the calling thread.
const engines = inlineCompute();

export const tasks = {
  prepareCheckText: (input: Parameters<typeof engines.prepareCheckText>[0]) => engines.prepareCheckText(input),
  checkText: (input: Parameters<typeof engines.checkText>[0], host: Host) => engines.checkText(input, new RemoteLibrary(host)),
  prepareLibraryText: (input: Parameters<typeof engines.prepareLibraryText>[0]) => engines.prepareLibraryText(input),
  libraryCopyRows: (input: Parameters<typeof engines.libraryCopyRows>[0]) => engines.libraryCopyRows(input),
  renderCheckReport: (input: Parameters<typeof engines.renderCheckReport>[0]) => engines.renderCheckReport(input),
  scoreAigc: (input: Parameters<typeof engines.scoreAigc>[0]) => engines.scoreAigc(input),
  scoreAigcParagraphs: (input: Parameters<typeof engines.scoreAigcParagraphs>[0]) => engines.scoreAigcParagraphs(input),
  renderAigcReport: (input: Parameters<typeof engines.renderAigcReport>[0]) => engines.renderAigcReport(input),
  rewriteOffline: (input: Parameters<typeof engines.rewriteOffline>[0], host: Host) =>
    engines.rewriteOffline(input, { onParagraph: (paragraph) => host.call('onParagraph', paragraph) }),
  extractPptOutline: (input: Parameters<typeof engines.extractPptOutline>[0]) => engines.extractPptOutline(input),
  renderPptx: (input: Parameters<typeof engines.renderPptx>[0]) => engines.renderPptx(input),
  buildPaperDocx: (input: Parameters<typeof engines.buildPaperDocx>[0]) => engines.buildPaperDocx(input),
  rewriteDocxInPlace: (input: Parameters<typeof engines.rewriteDocxInPlace>[0]) => engines.rewriteDocxInPlace(input),
  planDocxInPlace: (input: Parameters<typeof engines.planDocxInPlace>[0]) => engines.planDocxInPlace(input),
  buildTextDocx: (input: Parameters<typeof engines.buildTextDocx>[0]) => engines.buildTextDocx(input),
} satisfies TaskTable;

export type Tasks = typeof tasks;
