import { createStore } from '@tanstack/react-store';
import Cookies from 'js-cookie';

export type Device = 'desktop' | 'mobile';
export type Size = 'default' | 'medium' | 'small' | 'mini';
export const SIZES: Size[] = ['default', 'medium', 'small', 'mini'];

const SIDEBAR_COOKIE = 'sidebarStatus';
const SIZE_COOKIE = 'size';

export type AppState = {
  sidebar: { opened: boolean; withoutAnimation: boolean };
  device: Device;
  size: Size;
  loginOpen: boolean;
};

function initialState(): AppState {
  const status = Cookies.get(SIDEBAR_COOKIE);
  const size = Cookies.get(SIZE_COOKIE) as Size | undefined;
  return {
    sidebar: { opened: status === undefined ? true : status === '1', withoutAnimation: false },
    device: 'desktop',
    size: size && SIZES.includes(size) ? size : 'medium',
    loginOpen: false,
  };
}

export const appStore = createStore(initialState(), ({ setState, get }) => ({
  toggleSidebar() {
    const opened = !get().sidebar.opened;
    Cookies.set(SIDEBAR_COOKIE, opened ? '1' : '0');
    setState((state) => ({ ...state, sidebar: { opened, withoutAnimation: false } }));
  },
  closeSidebar(withoutAnimation: boolean) {
    Cookies.set(SIDEBAR_COOKIE, '0');
    setState((state) => ({ ...state, sidebar: { opened: false, withoutAnimation } }));
  },
  setDevice(device: Device) {
    setState((state) => ({ ...state, device }));
  },
  setSize(size: Size) {
    Cookies.set(SIZE_COOKIE, size);
    setState((state) => ({ ...state, size }));
  },
  openLogin() {
    setState((state) => ({ ...state, loginOpen: true }));
  },
  closeLogin() {
    setState((state) => ({ ...state, loginOpen: false }));
  },
  reload() {
    setState(initialState);
  },
}));
