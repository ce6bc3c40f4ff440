// The counting rule and the most a check accepts are shared with the browser's live count, so they live
// in the web app's pure helpers.
export { charWeights, countChars, countCjk, MAX_CHECK_CHARS, tooLongMessage, weightPrefix } from '../../../src/lib/char-count';
