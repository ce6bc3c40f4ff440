import { dict } from '@node-rs/jieba/dict.js';

// How common a word is in general Chinese: the frequency jieba's bundled dictionary gives it (counted on a
// general corpus, MIT). A noun below GENERAL_FREQUENCY, or one the dictionary does not know, belongs to a
// field rather than to everyday language, and is taken as a term. Only the common words are kept in
// memory (about a tenth of the dictionary) with the part of speech the dictionary gives them, read once per
// thread on first use.

export const GENERAL_FREQUENCY = 2000;
const KEPT_FREQUENCY = 100;

let common: Map<string, { frequency: number; tag: string }> | undefined;

function load(): Map<string, { frequency: number; tag: string }> {
  const words = new Map<string, { frequency: number; tag: string }>();
  const text = Buffer.from(dict).toString('utf8');
  let at = 0;
  while (at < text.length) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    const space = text.indexOf(' ', at);
    if (space > at && space < end) {
      const next = text.indexOf(' ', space + 1);
      const hasTag = next > space && next < end;
      const frequency = Number(text.slice(space + 1, hasTag ? next : end));
      if (frequency >= KEPT_FREQUENCY) words.set(text.slice(at, space), { frequency, tag: hasTag ? text.slice(next + 1, end).trim() : '' });
    }
    at = end + 1;
  }
  return words;
}

/** The word's frequency in jieba's dictionary; 0 when it is rare (under 100) or unknown. */
export function wordFrequency(word: string): number {
  common ??= load();
  return common.get(word)?.frequency ?? 0;
}

/** The part of speech the dictionary gives a common word (what it usually is, out of context); '' when rare or unknown. */
export function dictionaryTag(word: string): string {
  common ??= load();
  return common.get(word)?.tag ?? '';
}

/** A word of everyday language (frequent in the general dictionary), as opposed to a word of a field. */
export const isGeneralWord = (word: string) => wordFrequency(word) >= GENERAL_FREQUENCY;
