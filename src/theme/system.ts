import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
// Chakra's theme modules one by one (the chakra-theme alias, vite.config.ts and tsconfig.json): importing from
// '@chakra-ui/react/theme' keeps every recipe, since its index builds the full default config.
import { breakpoints } from 'chakra-theme/breakpoints';
import { globalCss } from 'chakra-theme/global-css';
import { layerStyles } from 'chakra-theme/layer-styles';
import { animationStyles } from 'chakra-theme/motion-styles';
import { semanticColors } from 'chakra-theme/semantic-tokens/colors';
import { semanticRadii } from 'chakra-theme/semantic-tokens/radii';
import { semanticShadows } from 'chakra-theme/semantic-tokens/shadows';
import { textStyles } from 'chakra-theme/text-styles';
import { animations } from 'chakra-theme/tokens/animations';
import { aspectRatios } from 'chakra-theme/tokens/aspect-ratios';
import { blurs } from 'chakra-theme/tokens/blurs';
import { borders } from 'chakra-theme/tokens/borders';
import { colors } from 'chakra-theme/tokens/colors';
import { cursor } from 'chakra-theme/tokens/cursor';
import { durations } from 'chakra-theme/tokens/durations';
import { easings } from 'chakra-theme/tokens/easings';
import { fontSizes } from 'chakra-theme/tokens/font-sizes';
import { fontWeights } from 'chakra-theme/tokens/font-weights';
import { fonts } from 'chakra-theme/tokens/fonts';
import { keyframes } from 'chakra-theme/tokens/keyframes';
import { letterSpacings } from 'chakra-theme/tokens/letter-spacing';
import { lineHeights } from 'chakra-theme/tokens/line-heights';
import { radii } from 'chakra-theme/tokens/radius';
import { sizes } from 'chakra-theme/tokens/sizes';
import { spacing } from 'chakra-theme/tokens/spacing';
import { zIndices } from 'chakra-theme/tokens/z-indices';
import { alertSlotRecipe } from 'chakra-theme/recipes/alert';
import { avatarSlotRecipe } from 'chakra-theme/recipes/avatar';
import { badgeRecipe } from 'chakra-theme/recipes/badge';
import { breadcrumbSlotRecipe } from 'chakra-theme/recipes/breadcrumb';
import { buttonRecipe } from 'chakra-theme/recipes/button';
import { dataListSlotRecipe } from 'chakra-theme/recipes/data-list';
import { dialogSlotRecipe } from 'chakra-theme/recipes/dialog';
import { drawerSlotRecipe } from 'chakra-theme/recipes/drawer';
import { emptyStateSlotRecipe } from 'chakra-theme/recipes/empty-state';
import { fieldSlotRecipe } from 'chakra-theme/recipes/field';
import { fileUploadSlotRecipe } from 'chakra-theme/recipes/file-upload';
import { headingRecipe } from 'chakra-theme/recipes/heading';
import { iconRecipe } from 'chakra-theme/recipes/icon';
import { inputRecipe } from 'chakra-theme/recipes/input';
import { linkRecipe } from 'chakra-theme/recipes/link';
import { listSlotRecipe } from 'chakra-theme/recipes/list';
import { menuSlotRecipe } from 'chakra-theme/recipes/menu';
import { nativeSelectSlotRecipe } from 'chakra-theme/recipes/native-select';
import { progressSlotRecipe } from 'chakra-theme/recipes/progress';
import { segmentGroupSlotRecipe } from 'chakra-theme/recipes/segment-group';
import { skeletonRecipe } from 'chakra-theme/recipes/skeleton';
import { spinnerRecipe } from 'chakra-theme/recipes/spinner';
import { statSlotRecipe } from 'chakra-theme/recipes/stat';
import { switchSlotRecipe } from 'chakra-theme/recipes/switch';
import { tableSlotRecipe } from 'chakra-theme/recipes/table';
import { tabsSlotRecipe } from 'chakra-theme/recipes/tabs';
import { textareaRecipe } from 'chakra-theme/recipes/textarea';
import { toastSlotRecipe } from 'chakra-theme/recipes/toast';
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
          // The theme colour darkened to 70 % for fills under white text and for text on white or on the
          // subtle tint: #409EFF itself has 2.8:1 against white, below WCAG AA's 4.5:1 (axe, e2e/flows/axe-walk.ts).
          solid: { value: tint(70, 'black') },
          contrast: { value: 'white' },
          fg: { value: tint(70, 'black') },
          muted: { value: tint(35, 'white') },
          subtle: { value: tint(10, 'white') },
          emphasized: { value: tint(20, 'white') },
          focusRing: { value: theme },
        },
      },
    },
  },
});

/**
 * Chakra's default theme (tokens, semantic tokens, text and layer styles, global CSS) with only the recipes of
 * the components the app uses: defaultConfig carries all ~90 recipes (about 30 kB gzip in every page's first
 * load). A component without its recipe here renders unstyled without a warning, so system.test.ts checks
 * every Chakra component imported under src/ against this list.
 */
export const recipes = {
  badge: badgeRecipe,
  button: buttonRecipe,
  heading: headingRecipe,
  icon: iconRecipe,
  input: inputRecipe,
  link: linkRecipe,
  skeleton: skeletonRecipe,
  spinner: spinnerRecipe,
  textarea: textareaRecipe,
};
export const slotRecipes = {
  alert: alertSlotRecipe,
  avatar: avatarSlotRecipe,
  breadcrumb: breadcrumbSlotRecipe,
  dataList: dataListSlotRecipe,
  dialog: dialogSlotRecipe,
  drawer: drawerSlotRecipe,
  emptyState: emptyStateSlotRecipe,
  field: fieldSlotRecipe,
  fileUpload: fileUploadSlotRecipe,
  list: listSlotRecipe,
  menu: menuSlotRecipe,
  nativeSelect: nativeSelectSlotRecipe,
  progress: progressSlotRecipe,
  segmentGroup: segmentGroupSlotRecipe,
  stat: statSlotRecipe,
  switch: switchSlotRecipe,
  table: tableSlotRecipe,
  tabs: tabsSlotRecipe,
  toast: toastSlotRecipe,
};

const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: {
      aspectRatios,
      animations,
      blurs,
      borders,
      colors,
      durations,
      easings,
      fonts,
      fontSizes,
      fontWeights,
      letterSpacings,
      lineHeights,
      radii,
      spacing,
      sizes,
      zIndex: zIndices,
      cursor,
    },
    semanticTokens: {
      colors: semanticColors,
      shadows: semanticShadows,
      radii: semanticRadii,
    },
    recipes,
    slotRecipes,
    textStyles,
    layerStyles,
    animationStyles,
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, themeConfig), config);
