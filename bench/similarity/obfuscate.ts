import * as OpenCC from 'opencc-js';
import { between, pick } from './random';

export type Obfuscation = 'none' | 'light';

const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });
const PUNCTUATION: Record<string, string[]> = {
  '，': [',', '、', '；'],
  '。': ['.', '；', '！'],
  '；': [';', '，', '。'],
  '、': ['，', ','],
  '：': [':', '，'],
  ',': ['，', '；'],
  '.': ['。', '；'],
};
const SYNONYMS: [string, string][] = [
  ['研究', '探究'],
  ['提出', '给出'],
  ['方法', '手段'],
  ['显著', '明显'],
  ['表明', '显示'],
  ['进行', '开展'],
  ['分析', '剖析'],
  ['通过', '借助'],
  ['利用', '使用'],
  ['提高', '提升'],
  ['影响', '作用'],
  ['结果', '结论'],
  ['重要', '关键'],
  ['建立', '构建'],
  ['采用', '运用'],
  ['发现', '察觉'],
  ['问题', '难题'],
  ['主要', '首要'],
  ['能够', '可以'],
  ['具有', '拥有'],
];
const FILLERS = [...'的了和是在也就都而及与或其这那'];

/**
 * Light obfuscation as a student might do it: punctuation changed, sometimes written in
 * traditional characters, a few synonyms swapped and about one character inserted or
 * substituted per 40.
 */
export function obfuscate(text: string, level: Obfuscation, random: () => number): string {
  if (level === 'none') return text;
  let out = Array.from(text, (c) => (PUNCTUATION[c] && random() < 0.6 ? pick(PUNCTUATION[c], random) : c)).join('');
  const swaps = between(1, 3, random);
  for (let i = 0; i < swaps; i++) {
    const present = SYNONYMS.filter(([from]) => out.includes(from));
    if (!present.length) break;
    const [from, to] = pick(present, random);
    out = out.replace(from, to);
  }
  const chars = [...out];
  const edits = Math.max(1, Math.round(chars.length / 40));
  for (let i = 0; i < edits; i++) {
    const at = between(1, chars.length - 2, random);
    if (random() < 0.5) chars.splice(at, 0, pick(FILLERS, random));
    else chars[at] = pick(FILLERS, random);
  }
  out = chars.join('');
  return random() < 0.35 ? toTraditional(out) : out;
}
