export { pick, seededRandom } from '../seeded-random';

/** A seed for one paragraph of a document: the same paragraph at the same place always gets the same one. */
export function paragraphSeed(seed: number, index: number): number {
  return (Math.imul(seed >>> 0, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca6b)) >>> 0;
}
