import type { ServiceName } from '@/components/use-capabilities';

/** The six tabs, each with the service (capabilities call) its screens belong to. */
export const NAV_TABS = [
  { key: 'check', label: '论文查重', to: '/papercheck/check', service: 'check' },
  { key: 'writing', label: '论文写作', to: '/aipaper/gc', service: 'paper' },
  { key: 'ppt', label: 'AI PPT', to: '/aippt/ppt', service: 'ppt' },
  { key: 'aigc', label: '降AI痕迹', to: '/aiaigc/jc', service: 'aigcLower' },
  { key: 'rewording', label: '论文降重', to: '/aimachine/machine', service: 'rewrite' },
  { key: 'polish', label: '润色改写', to: '/airs/rs', service: 'rewrite' },
] as const satisfies ReadonlyArray<{ key: string; label: string; to: string; service: ServiceName }>;

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

/** AIGC detection shares the 降AI痕迹 tab but is its own service (open while lowering is still being built). */
const DETECTION = segment('aigccheck');

/** The service whose screens the path shows (the tab's service), or null outside the six areas. */
export function serviceOfPath(pathname: string): ServiceName | null {
  if (DETECTION.test(pathname)) return 'aigc';
  const area = activeArea(pathname);
  return NAV_TABS.find((tab) => tab.key === area)?.service ?? null;
}
