import { DENSE_FEATURES, DENSE_INDEX, HASH_SIZE } from '../features';
import { loadModel, type Model, quantize, type WeightsFile } from '../model';
import { SPAN_INPUTS } from '../context';

/**
 * A hand-made model for tests of the aggregation: a sentence's own log-odds is (template phrases per 100
 * characters) - 1, so a sentence with an assistant set phrase (一般来说, 至关重要 ...) scores high and any
 * other sentence low; a span's log-odds is +2 when the mean of its sentences' log-odds is positive, else -2;
 * the sentence head passes the sentence's own span log-odds through.
 */
export function tinyModel(overrides: Partial<WeightsFile> = {}): Model {
  const weights = new Array<number>(DENSE_FEATURES.length).fill(0);
  weights[DENSE_INDEX.templates] = 1;
  const file: WeightsFile = {
    header: { name: 'tiny', version: 'test', dataset: 'none', licence: 'none', seed: 1, command: 'none', notes: [], heldOut: {} },
    hashBits: Math.log2(HASH_SIZE),
    dense: { names: [...DENSE_FEATURES], mean: weights.map(() => 0), std: weights.map(() => 1), weights },
    bias: -1,
    hashed: quantize(new Float32Array(HASH_SIZE)),
    sentenceHead: { bias: 0, weights: { own: 1 }, center: {} },
    spanForest: {
      inputs: [...SPAN_INPUTS],
      base: 0,
      trees: [{ feature: [SPAN_INPUTS.indexOf('mean'), -1, -1], threshold: [0, 0, 0], left: [1, -1, -1], right: [2, -1, -1], value: [0, -2, 2] }],
    },
    threshold: 0.5,
    falseAccusationRate: 0.0123,
    llm: { weight: 1, center: 0, clip: 4 },
    ...overrides,
  };
  return loadModel(file);
}
