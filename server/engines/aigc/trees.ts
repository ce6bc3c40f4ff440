// Gradient-boosted regression trees for the span head (a paragraph's or a document's probability): small,
// depth-limited trees on a handful of named inputs, stored as flat arrays in the weights file.

/** One tree: node i splits on feature[i] at threshold[i] (value < threshold goes left); leaves have feature -1. */
export interface Tree {
  feature: number[];
  threshold: number[];
  left: number[];
  right: number[];
  value: number[];
}

export interface Forest {
  inputs: string[];
  base: number;
  trees: Tree[];
}

export function forestLogit(forest: Forest, x: ArrayLike<number>): number {
  let z = forest.base;
  for (const t of forest.trees) {
    let i = 0;
    while (t.feature[i] >= 0) i = x[t.feature[i]] < t.threshold[i] ? t.left[i] : t.right[i];
    z += t.value[i];
  }
  return z;
}

export interface BoostOptions {
  rounds: number;
  depth: number;
  learningRate: number;
  minLeaf: number;
  /** Candidate thresholds per feature (quantiles of the training values). */
  bins: number;
  l2: number;
}

export const DEFAULT_BOOST: BoostOptions = { rounds: 250, depth: 4, learningRate: 0.08, minLeaf: 20, bins: 32, l2: 1 };

/** Fits a forest by Newton boosting on the logistic loss with sample weights. */
export function fitForest(inputs: string[], rows: number[][], y: number[], w: number[], options: BoostOptions = DEFAULT_BOOST): Forest {
  const n = rows.length;
  const d = inputs.length;
  const thresholds: number[][] = [];
  for (let j = 0; j < d; j++) {
    const sorted = rows.map((r) => r[j]).sort((a, b) => a - b);
    const cuts = new Set<number>();
    for (let b = 1; b < options.bins; b++) {
      const v = sorted[Math.floor((b * n) / options.bins)];
      if (v > sorted[0]) cuts.add(v);
    }
    thresholds.push([...cuts].sort((a, b) => a - b));
  }
  // Each value's bin (the number of cuts at or below it), found once: value < cuts[b] exactly when bin <= b.
  const bins = thresholds.map((cuts, j) => {
    const out = new Uint16Array(n);
    for (let i = 0; i < n; i++) {
      const v = rows[i][j];
      let lo = 0;
      let hi = cuts.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (v < cuts[mid]) hi = mid;
        else lo = mid + 1;
      }
      out[i] = lo;
    }
    return out;
  });
  let pos = 0;
  let total = 0;
  for (let i = 0; i < n; i++) {
    pos += w[i] * y[i];
    total += w[i];
  }
  const p0 = Math.min(0.99, Math.max(0.01, pos / total));
  const base = Math.log(p0 / (1 - p0));
  const z = new Float64Array(n).fill(base);
  const trees: Tree[] = [];
  const g = new Float64Array(n);
  const h = new Float64Array(n);
  for (let round = 0; round < options.rounds; round++) {
    for (let i = 0; i < n; i++) {
      const p = 1 / (1 + Math.exp(-z[i]));
      g[i] = w[i] * (p - y[i]);
      h[i] = w[i] * Math.max(p * (1 - p), 1e-6);
    }
    const tree: Tree = { feature: [], threshold: [], left: [], right: [], value: [] };
    const grow = (members: number[], depth: number): number => {
      const id = tree.feature.length;
      tree.feature.push(-1);
      tree.threshold.push(0);
      tree.left.push(-1);
      tree.right.push(-1);
      let G = 0;
      let H = 0;
      for (const i of members) {
        G += g[i];
        H += h[i];
      }
      tree.value.push((-G / (H + options.l2)) * options.learningRate);
      if (depth >= options.depth || members.length < 2 * options.minLeaf) return id;
      let best = { gain: 1e-9, feature: -1, threshold: 0 };
      const parent = (G * G) / (H + options.l2);
      for (let j = 0; j < d; j++) {
        const cuts = thresholds[j];
        if (!cuts.length) continue;
        const gs = new Float64Array(cuts.length + 1);
        const hs = new Float64Array(cuts.length + 1);
        const cs = new Int32Array(cuts.length + 1);
        const bin = bins[j];
        for (const i of members) {
          const lo = bin[i];
          gs[lo] += g[i];
          hs[lo] += h[i];
          cs[lo]++;
        }
        let gl = 0;
        let hl = 0;
        let cl = 0;
        for (let b = 0; b < cuts.length; b++) {
          gl += gs[b];
          hl += hs[b];
          cl += cs[b];
          const cr = members.length - cl;
          if (cl < options.minLeaf || cr < options.minLeaf) continue;
          const gain = (gl * gl) / (hl + options.l2) + ((G - gl) * (G - gl)) / (H - hl + options.l2) - parent;
          if (gain > best.gain) best = { gain, feature: j, threshold: cuts[b] };
        }
      }
      if (best.feature < 0) return id;
      tree.feature[id] = best.feature;
      tree.threshold[id] = best.threshold;
      const leftMembers = members.filter((i) => rows[i][best.feature] < best.threshold);
      const rightMembers = members.filter((i) => rows[i][best.feature] >= best.threshold);
      tree.left[id] = grow(leftMembers, depth + 1);
      tree.right[id] = grow(rightMembers, depth + 1);
      return id;
    };
    grow(
      Array.from({ length: n }, (_, i) => i),
      0,
    );
    for (let i = 0; i < n; i++) {
      let k = 0;
      while (tree.feature[k] >= 0) k = rows[i][tree.feature[k]] < tree.threshold[k] ? tree.left[k] : tree.right[k];
      z[i] += tree.value[k];
    }
    trees.push(tree);
  }
  return { inputs, base, trees };
}
