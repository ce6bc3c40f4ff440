import { accountRules } from './account';
import { aigcRules } from './aigc';
import { chatRules } from './chat';
import { checkRules } from './check';
import { paperRules } from './paper';
import { pptRules } from './ppt';
import { rewriteRules } from './rewrite';
import type { Obj, Rule } from './shape';
import { priceRule, taskRules } from './task';

// Settles what one generated field cannot know about another: a record's figures and counts follow its
// status, done never exceeds total, a reply follows its question. Rules recognise a record by its keys
// (shapes of the contract), run on each object before its children, and leave values that already fit
// as they are, so settling twice changes nothing.

/** Task status first (the services read it), the price last (the services may change what is counted). */
const RULES: Rule[] = [...accountRules, ...taskRules, ...checkRules, ...rewriteRules, ...aigcRules, ...paperRules, ...pptRules, ...chatRules, priceRule];

/** No generated list longer than a deck's slides. */
const MAX_ITEMS = 50;

const isIndexed = (item: unknown) => item !== null && typeof item === 'object' && typeof (item as Obj).index === 'number';

export function consistent<T>(value: T): T {
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => consistent(item));
    // Paragraphs, sections and slides are numbered in the order they come.
    return (items.every(isIndexed) ? items.map((item, index) => ({ ...(item as Obj), index })) : items) as T;
  }
  if (value === null || typeof value !== 'object' || value instanceof Blob) return value;
  const o: Obj = { ...(value as Obj) };
  for (const rule of RULES) if (rule.applies(o)) rule.fix(o);
  for (const [key, child] of Object.entries(o)) o[key] = consistent(child);
  return o as T;
}
