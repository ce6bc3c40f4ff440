export interface Fingerprints {
  hashes: Int32Array;
  /** Start of the selected k-gram in the normalised text. */
  positions: Uint32Array;
}

/**
 * Robust winnowing (Schleimer, Wilkerson, Aiken 2003): the minimum hash of every window of `w`
 * consecutive k-gram hashes, the rightmost on ties, each selected position recorded once.
 */
export function winnow(kgrams: Int32Array, w: number): Fingerprints {
  const n = kgrams.length;
  const hashes = new Int32Array(n);
  const positions = new Uint32Array(n);
  let count = 0;
  if (n === 0) return { hashes, positions };
  if (n < w) {
    let min = 0;
    for (let i = 1; i < n; i++) if (kgrams[i] <= kgrams[min]) min = i;
    return { hashes: Int32Array.of(kgrams[min]), positions: Uint32Array.of(min) };
  }
  let min = -1;
  for (let end = w - 1; end < n; end++) {
    const start = end - w + 1;
    if (min < start) {
      min = start;
      for (let i = start + 1; i <= end; i++) if (kgrams[i] <= kgrams[min]) min = i;
    } else if (kgrams[end] <= kgrams[min]) {
      min = end;
    } else {
      continue;
    }
    if (count === 0 || positions[count - 1] !== min) {
      hashes[count] = kgrams[min];
      positions[count++] = min;
    }
  }
  return { hashes: hashes.slice(0, count), positions: positions.slice(0, count) };
}
