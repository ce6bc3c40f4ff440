const BASE = 0x01000193;

function power(k: number): number {
  let p = 1;
  for (let i = 1; i < k; i++) p = Math.imul(p, BASE);
  return p;
}

/** Murmur3's finaliser: spreads the polynomial hash over all 32 bits. */
function mix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}

/** Signed 32-bit hashes of every k-gram (Rabin-Karp rolling hash modulo 2^32, then mixed). */
export function kgramHashes(codes: Uint32Array, k: number): Int32Array {
  const n = codes.length - k + 1;
  if (n <= 0) return new Int32Array(0);
  const out = new Int32Array(n);
  const top = power(k);
  let h = 0;
  for (let i = 0; i < k; i++) h = (Math.imul(h, BASE) + codes[i]) | 0;
  out[0] = mix(h);
  for (let i = 1; i < n; i++) {
    h = (Math.imul(h - Math.imul(codes[i - 1], top), BASE) + codes[i + k - 1]) | 0;
    out[i] = mix(h);
  }
  return out;
}
