// Writes common/common-passwords.json, the list of common passwords a new password must not be (nor
// be with digits or symbols added at either end): `npx tsx scripts/common-passwords.ts`. A test checks the
// file is current. Source: the ranked list of leaked passwords of @zxcvbn-ts/language-common (MIT), its
// most common entries of 6 to 72 characters, and passwords common in Chinese leaks that it lacks.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ranked from '@zxcvbn-ts/language-common/src/passwords.json';

export const COMMON_PASSWORDS_FILE = fileURLToPath(new URL('../common/common-passwords.json', import.meta.url));

const FROM_RANKED = 2000;

// Patterns seen again and again at the top of Chinese password leaks: 我爱你 (woaini), 520 and 1314 (我爱你一生一世),
// pinyin names and words, QQ, keyboard walks.
const CHINESE = [
  'woaini', 'woaini1314', 'woaini520', 'woainini', 'woaiwojia', 'iloveyou1314', 'aini1314', '5201314', '5201314520',
  '1314520', '1314520520', '7758521', '7758258', 'qq123456', 'qq123456789', 'qqqqqq', 'a123456', 'a123456789',
  'aa123456', 'abc123456', 'a12345678', 'asd123456', 'qwe123456', 'zxc123456', '123456aa', '123456abc', '123456qq',
  '123qweasd', '1qaz2wsx3edc', 'qweasdzxc', 'asdasdasd', '147258369', '159357', '789456123', '123654789',
  '987654321', '31415926', '3.1415926', '110110110', 'dearbook', 'xiazhili', 'zhangwei', 'wangwei', 'wangyang',
  'liuyang', 'zhangjie', 'lijie123', 'nihao123', 'nihaonihao', 'wodemima', 'mima123', 'mima123456', 'woshishui',
  'laopo520', 'laogong', 'baobao', 'zhongguo', 'beijing', 'shanghai', 'tiantian', 'xiaoxiao', 'huanhuan',
];

export function commonPasswordList(): string[] {
  const fromRanked = (ranked as string[])
    .map((p) => p.toLowerCase())
    .filter((p) => p.length >= 6 && p.length <= 72)
    .slice(0, FROM_RANKED);
  return [...new Set([...fromRanked, ...CHINESE])];
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(COMMON_PASSWORDS_FILE, `${JSON.stringify(commonPasswordList())}\n`);
  console.log(COMMON_PASSWORDS_FILE);
}
