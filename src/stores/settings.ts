import { createStore } from '@tanstack/react-store';

export const THEME_PRESETS = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'];
const STORAGE_KEY = 'moyan-settings';

export type Settings = {
  theme: string;
  showSettings: boolean;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
};

export const DEFAULT_SETTINGS: Settings = {
  theme: '#409EFF',
  showSettings: true,
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
};

function load(): Settings {
  try {
    const saved = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as Partial<Settings>;
    const merged = { ...DEFAULT_SETTINGS };
    for (const key of Object.keys(DEFAULT_SETTINGS) as (keyof Settings)[]) {
      if (typeof saved[key] === typeof DEFAULT_SETTINGS[key]) Object.assign(merged, { [key]: saved[key] });
    }
    return merged;
  } catch {
    return { ...DEFAULT_SETTINGS };
  }
}

export const settingsStore = createStore(load(), ({ setState, get }) => ({
  /** The spec: a theme value only applies when it is a string; other settings keep their type. */
  change<K extends keyof Settings>(key: K, value: unknown) {
    if (typeof value !== typeof DEFAULT_SETTINGS[key]) return;
    setState((state) => ({ ...state, [key]: value }));
    localStorage.setItem(STORAGE_KEY, JSON.stringify(get()));
  },
  reload() {
    setState(load);
  },
}));
