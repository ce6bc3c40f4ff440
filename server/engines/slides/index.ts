// AI slide decks: the deck model, templates, offline outline from a paper, the model's outline through the
// gateway, overflow handling and the .pptx. Pure: no HTTP, no database.
export * from '../../../src/lib/slides/deck';
export * from '../../../src/lib/slides/default-deck';
export { layoutDeck, layoutSlide, paginate, splitLongText, type DrawnSlide, FONT_LIMITS } from '../../../src/lib/slides/layout';
export { slideSvg } from '../../../src/lib/slides/svg';
export * from '../../../src/lib/slides/templates';
export { cleanHeading, extractOutline, type ExtractedOutline, type ExtractOptions, keySentences, textRank } from './extract';
export { normalizeSlides, OutlineError, parseJsonObject, refineOutline, topicOutline, type TopicRequest } from './model';
export { renderDeck, type RenderedDeck, type RenderOptions, writePptx } from './pptx';
