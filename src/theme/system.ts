import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';
import { DEFAULT_SETTINGS } from '@/stores/settings';

/** The theme colour is a CSS variable so the settings drawer can change it at run time. */
export const THEME_VAR = '--moyan-theme';
const theme = `var(${THEME_VAR})`;
const tint = (percent: number, base: string) => `color-mix(in srgb, ${theme} ${percent}%, ${base})`;

const config = defineConfig({
  globalCss: {
    ':root': { [THEME_VAR]: DEFAULT_SETTINGS.theme },
    'html, body': {
      fontFamily: 'body',
      bg: 'gray.50',
      color: 'gray.800',
    },
  },
  theme: {
    tokens: {
      fonts: {
        body: { value: '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans SC", system-ui, sans-serif' },
        heading: { value: '"PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans SC", system-ui, sans-serif' },
      },
    },
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: theme },
          contrast: { value: 'white' },
          fg: { value: tint(82, 'black') },
          muted: { value: tint(35, 'white') },
          subtle: { value: tint(10, 'white') },
          emphasized: { value: tint(20, 'white') },
          focusRing: { value: theme },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
