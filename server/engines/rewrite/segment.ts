import { Jieba } from '@node-rs/jieba';
import { dict } from '@node-rs/jieba/dict.js';

// Segmentation and part of speech (@node-rs/jieba: jieba-rs with its bundled dictionary, MIT). The
// dictionary loads once per thread (about 0.1 s), on first use.

export interface Token {
  word: string;
  /** jieba's (ICTCLAS-style) tag: n noun, v verb, a adjective, d adverb, p preposition, c conjunction, x other ... */
  tag: string;
}

let jieba: Jieba | undefined;

export function tagWords(text: string): Token[] {
  jieba ??= Jieba.withDict(dict);
  return jieba.tag(text);
}
