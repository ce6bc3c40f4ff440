// The generator every run builds the same data from.
export { pick, seededRandom } from '../../server/engines/seeded-random';

export function between(min: number, max: number, random: () => number): number {
  return min + Math.floor(random() * (max - min + 1));
}
