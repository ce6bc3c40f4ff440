export const NAV_TABS = [
  { key: 'check', label: '论文查重', to: '/papercheck/check' },
  { key: 'writing', label: '论文写作', to: '/aipaper/gc' },
  { key: 'ppt', label: 'AI PPT', to: '/aippt/ppt' },
  { key: 'aigc', label: '降AI痕迹', to: '/aiaigc/jc' },
  { key: 'rewording', label: '论文降重', to: '/aimachine/machine' },
  { key: 'polish', label: '润色改写', to: '/airs/rs' },
] as const;

export type TabKey = (typeof NAV_TABS)[number]['key'];
/** `account` is not a tab: order pages highlight the user menu instead. */
export type ActiveArea = TabKey | 'account';

const segment = (names: string) => new RegExp(`^/(${names})(/|$)`);

/** First match wins; more specific areas come before the general ones. */
const RULES: ReadonlyArray<[RegExp, ActiveArea]> = [
  [segment('order'), 'account'],
  [segment('aigcdown|aigc/list|aiaigc|aigccheck'), 'aigc'],
  [segment('papermachine|papermachinesubmit|aimachine|cnki|nlp|machine'), 'rewording'],
  [segment('airs'), 'polish'],
  [segment('aippt'), 'ppt'],
  [segment('aipaper|papergc|paperwirte'), 'writing'],
  [segment('papercheck|paper'), 'check'],
];

/** The spec's rule: the active tab follows the path. */
export function activeArea(pathname: string): ActiveArea | null {
  return RULES.find(([pattern]) => pattern.test(pathname))?.[1] ?? null;
}
