// The counting rule is shared with the browser's live count, so it lives in the web app's pure helpers.
export { charWeights, countChars, weightPrefix } from '../../../src/lib/char-count';
