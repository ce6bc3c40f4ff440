// AI slide decks: the deck model, templates, offline outline from a paper, the model's outline through the
// gateway, overflow handling and the .pptx. Pure: no HTTP, no database.
export * from '@common/slides/deck';
export * from '@common/slides/default-deck';
export { layoutDeck, layoutSlide, paginate, splitLongText, type DrawnSlide, FONT_LIMITS } from '@common/slides/layout';
export { slideSvg } from '@common/slides/svg';
export * from '@common/slides/templates';
export { cleanHeading, extractOutline, type ExtractedOutline, type ExtractOptions, keySentences, textRank } from './extract';
export { normalizeSlides, OutlineError, parseJsonObject, refineOutline, topicOutline, type TopicRequest } from './model';
export { renderDeck, type RenderedDeck, type RenderOptions, writePptx } from './pptx';
