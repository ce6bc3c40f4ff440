import { faker } from '@faker-js/faker/locale/zh_CN';

/** Same data on every start, so a walk through the mocked app is repeatable. */
export const SEED = 2026;

/** A stable 32-bit hash of a key (FNV-1a). */
export function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193) >>> 0;
  return hash;
}

/**
 * What `make` draws when faker starts from a seed of its own key: a record's detail or content is the
 * same whenever and in whichever order it is first asked for.
 */
export function withSeed<T>(key: string, make: () => T): T {
  faker.seed(SEED + hashOf(key));
  const made = make();
  // Carry on from a seed of its own, so that draws after this one (new ids) never repeat earlier ones.
  faker.seed([SEED, ++reseeds]);
  return made;
}

let reseeds = 0;
