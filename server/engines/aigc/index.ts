// AIGC detection (AIGC检测): a probability for every sentence, paragraph and the document, AI字符占比 and its
// band, reasons in plain Chinese. Offline by default (a model trained by `npm run train:aigc`, weights in
// model/weights.json); detectAigcWithModel adds a log-probability score when the gateway offers one.
export { AIGC_BANDS, type AigcBand, bandLabel, bandOf } from './bands';
export { AIGC_MIN_CHARS, AIGC_MIN_PARAGRAPH_CHARS, AIGC_THRESHOLD, DETECTOR_NAME, detectAigc, scoreAigc } from './detect';
export { type AigcModelOptions, curvature, detectAigcWithModel, llmScores } from './curvature';
export type { AigcDetectorInfo, AigcLlmScores, AigcOptions, AigcParagraph, AigcReport, AigcSentence } from './types';
