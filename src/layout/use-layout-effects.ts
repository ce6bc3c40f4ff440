import { useLocation } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { useEffect } from 'react';
import { appStore } from '@/stores/app';
import { settingsStore } from '@/stores/settings';
import { THEME_VAR } from '@/theme/system';
import { MOBILE_BREAKPOINT, SIZE_FONT } from './constants';

/** Below the breakpoint the layout turns to mobile mode and closes the sidebar. */
export function useDeviceMode() {
  useEffect(() => {
    const sync = () => {
      const mobile = window.innerWidth < MOBILE_BREAKPOINT;
      const wasMobile = appStore.state.device === 'mobile';
      appStore.actions.setDevice(mobile ? 'mobile' : 'desktop');
      if (mobile && !wasMobile) appStore.actions.closeSidebar(true);
    };
    sync();
    window.addEventListener('resize', sync);
    return () => window.removeEventListener('resize', sync);
  }, []);

  const pathname = useLocation({ select: (location) => location.pathname });
  useEffect(() => {
    const { device, sidebar } = appStore.state;
    if (device === 'mobile' && sidebar.opened) appStore.actions.closeSidebar(false);
  }, [pathname]);
}

/** The theme colour and the size live in CSS so that every component follows them. */
export function useAppliedSettings() {
  const theme = useSelector(settingsStore, (state) => state.theme);
  const size = useSelector(appStore, (state) => state.size);
  useEffect(() => {
    document.documentElement.style.setProperty(THEME_VAR, theme);
  }, [theme]);
  useEffect(() => {
    document.documentElement.style.fontSize = SIZE_FONT[size];
  }, [size]);
}
