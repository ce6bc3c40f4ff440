// The bars above every page; pages with a sticky panel of their own stick below them (useStickyTop).
export { BREADCRUMB_HEIGHT, HEADER_HEIGHT, TAGS_VIEW_HEIGHT } from '@/components/use-sticky-top';
/** On mobile the tabs move to a second header row. */
export const MOBILE_TABS_HEIGHT = '44px';
export const MOBILE_HEADER_HEIGHT = '100px';
export const SIDEBAR_WIDTH = '224px';
export const SIDEBAR_COLLAPSED_WIDTH = '64px';
/** The spec's mobile breakpoint: below it the layout turns to mobile mode. */
export const MOBILE_BREAKPOINT = 992;
/** Each size shifts the root font size, and with it every rem-based component size. */
export const SIZE_FONT: Record<string, string> = { default: '16px', medium: '15px', small: '14px', mini: '13px' };
export const SLOGAN = '墨研 · 让论文写作更从容';
/** The settings toggle's width on the right edge, and the room the page leaves for it. */
export const SETTINGS_TOGGLE_WIDTH = '28px';
export const SETTINGS_TOGGLE_CLEARANCE = { base: '40px', md: '44px', lg: '48px' };
