import { useSelector } from '@tanstack/react-store';
import { appStore } from '@/stores/app';
import { settingsStore } from '@/stores/settings';

export const HEADER_HEIGHT = '56px';
export const BREADCRUMB_HEIGHT = '40px';
export const TAGS_VIEW_HEIGHT = '36px';

/**
 * Where a page's own sticky panel may stick on a wide screen: below the fixed header, breadcrumb and tags (as the
 * settings show them), with a 16 px gap; near the top when the header scrolls away.
 */
export function useStickyTop(): string {
  const { fixedHeader, tagsView } = useSelector(settingsStore, (state) => state);
  const mobile = useSelector(appStore, (state) => state.device === 'mobile');
  if (!fixedHeader || mobile) return '16px';
  return `calc(${HEADER_HEIGHT} + ${BREADCRUMB_HEIGHT}${tagsView ? ` + ${TAGS_VIEW_HEIGHT}` : ''} + 16px)`;
}
