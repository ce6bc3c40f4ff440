// How orval fills each contract property in the generated MSW handlers (mocks/gen). Faker's defaults are
// random Latin letters and numbers anywhere in a property's bounds; these draw from the Chinese
// vocabulary in mocks/vocab and from realistic ranges instead. What depends on other fields of the same
// record (figures and status, done and total) is settled afterwards by mocks/consistency.
//
// Keys are orval's: `/regex/` is tested against the property's name (for a `$ref`, the referenced
// schema's name, e.g. CharCount) and its path (`#.result.records.[].title`); a plain key is an exact
// path. The first match wins; tag and operation maps come before the global one. orval writes each
// value's source into mocks/gen, and scripts/prune-mock-clients.ts gives those files the `vocab` import.

/** An expression for the generated handler: orval writes a function's source and calls it, `(() => …)()`. */
const expr = (source: string) => Object.assign(() => undefined, { toString: () => `() => ${source}` });
const v = (name: string) => expr(`vocab.${name}()`);

export const mockProperties = {
  success: true,
  deleted: true,
  '/^(Id|rewriteTaskId|sourceCheckId|sourceAigcId|recheckId|sourceId|orderId|taskId|replyTo)$/': v('id'),
  // A seeded check is an ordinary one; only a 改写工作台's 重新查重 names the check it was edited from.
  '/^editedFromId$/': expr('null'),
  '/^TaskStatus$/': v('taskStatus'),
  '/^access_token$/': v('token'),
  '/^loginName$/': v('username'),
  '/^avatar$/': expr("'/avatar/default.svg'"),
  '/^phone$/': v('phone'),
  '/^freeCheckNotice$/': v('freeCheckNotice'),
  '/^qrCode$/': v('qrUrl'),
  '/^deviceKey$/': v('deviceKey'),
  '/^payUrl$/': v('payUrl'),
  '/^orderNo$/': v('orderNo'),
  '/^packageName$/': v('packageName'),
  '/^note$/': v('ledgerNote'),
  '/^version$/': expr("'0.1.0'"),
  '/^reason$/': v('unavailable'),
  // Headings: chapters of an outline or a report, sections of an outline, the chapter of an AIGC paragraph.
  '/(chapters\\.\\[\\]|#\\.result\\.sections\\.\\[\\])\\.heading$/': v('chapterHeading'),
  '/^heading$/': v('sectionHeading'),
  '/^headings$/': v('headings'),
  '/^section$/': v('chapterHeading'),
  '/slides\\.\\[\\]\\.title$/': v('slideTitle'),
  // A slide's two column titles, table and chart: one consistent sample (as many values as categories).
  '/\\.columnTitles$/': expr("['本文方法', '基线方法']"),
  '/\\.table\\.header$/': expr("['模型', 'LCQMC', 'BQ']"),
  '/\\.table\\.rows$/': expr("[['BERT', '85.7%', '83.2%'], ['本文方法', '87.6%', '85.1%']]"),
  '/\\.chart\\.categories$/': expr("['LCQMC', 'BQ']"),
  '/\\.chart\\.series$/': expr("[{ name: '本文方法', values: [87.6, 85.1] }, { name: 'BERT', values: [85.7, 83.2] }]"),
  '/^(title|PaperTitle)$/': v('title'),
  // What a charge is for, as the ledger notes it; the outline template's note; the citations a paper lost.
  '/^purpose$/': expr("`论文查重：${vocab.title()}`"),
  '/^outlineNote$/': expr("'本科·理工大纲模板（非模型生成，请按研究内容修改）'"),
  '/^removedCitations$/': expr('faker.number.int({ min: 0, max: 3 })'),
  '/^author$/': v('author'),
  '/^fileName$/': v('fileName'),
  '/^message$/': v('warning'),
  '/^error$/': v('taskError'),
  '/^rewritten$/': v('reworded'),
  '/^(text|original|sourceText|content|abstract)$/': v('paragraph'),
  // An English abstract is English by design: a real sentence, not letters.
  '/^englishAbstract$/': expr("'This paper studies Chinese text similarity with a Siamese network that combines character and word features.'"),
  '/suggestions\\.\\[\\]\\.source$/': expr("'offline' as const"),
  '/^source$/': v('journal'),
  '/^url$/': v('sourceUrl'),
  '/^name$/': v('collection'),
  '/^ProtectedTerms$/': v('terms'),
  '/^PaperKeywords$/': v('keywords'),
  '/^PaperDiscipline$/': v('discipline'),
  '/^PaperReferences$/': v('references'),
  '/^points$/': v('points'),
  '/^bullets$/': v('bullets'),
  '/^notes$/': v('slideNotes'),
  '/^reasons$/': v('aigcReasons'),
  '/^palette$/': v('palette'),
  '/^features$/': v('packageFeatures'),
  '/^description$/': v('packageDescription'),
  '/^previewUrl$/': v('templatePreview'),
  '/^(PptScene|key)$/': v('scene'),
  '/^label$/': v('sceneLabel'),
  '/^value$/': v('sceneValue'),
  '/^topic$/': v('pptTopic'),
  '/\\.expiresAt$/': expr('faker.date.soon({ days: 1 }).toISOString()'),
  '/^(DateTime|finishedAt|paidAt)$/': v('recent'),
  // Numbers within what a paper, a price or a library really has.
  '/^CharCount$/': v('charCount'),
  '/^Fen$/': v('fen'),
  '/^(Ratio|RewriteNullableRatio|AigcNullableRatio|aiProbability|probability|ratio)$/': v('ratio'),
  '/^(paragraphTotal|paragraphCount)$/': v('paragraphCount'),
  '/^sectionCount$/': v('sectionCount'),
  '/^messageCount$/': v('messageCount'),
  '/^(PptPageCount|slideCount)$/': v('pageCount'),
  '/^PaperTargetLength$/': v('targetLength'),
  '/^year$/': v('year'),
  '/^(sort|sourceCount)$/': v('small'),
  '/^(LibraryDocumentCount|documents)$/': v('libraryDocuments'),
  '/^total$/': v('small'),
  '/^pageNo$/': expr('1'),
  '/^pageSize$/': expr('10'),
  '/^expires_in$/': expr('2592000'),
  '/^uptimeSeconds$/': expr('faker.number.int({ min: 60, max: 864000 })'),
};

/** Properties whose meaning depends on the area (tag). */
export const mockTagProperties = {
  chat: { '/^title$/': v('chatTitle'), '/^content$/': v('chatAnswer') },
  order: { '/^name$/': v('packageName') },
  ppt: { '/^name$/': v('templateName') },
  // The model names of /api/health.
  system: { '/^(chat|rewrite|writing|slides)$/': expr("'deepseek-chat'") },
};

/** Properties of one operation. */
export const mockOperationProperties = {
  loginValLoginQrCode: { result: v('token') },
  paperInfoQueryPaperContent: { 'result.content': v('paperText') },
};
