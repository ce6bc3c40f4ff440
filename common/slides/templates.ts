// The designed slide templates: a palette, Chinese-capable fonts and a decoration style. The same
// definitions drive the .pptx (server/engines/slides/pptx.ts), the template previews and the browser's
// thumbnails (svg.ts), so what the user sees before rendering is what the file contains.

export type TemplateStyle = 'band' | 'side' | 'frame' | 'minimal' | 'dark' | 'corner';

export interface SlidePalette {
  /** Title bars, cover background. */
  primary: string;
  secondary: string;
  /** Bullet marks, lines. */
  accent: string;
  background: string;
  /** Body text. */
  text: string;
  /** Text on primary. */
  onPrimary: string;
  /** Quiet fills: table stripes, panels. */
  light: string;
}

export interface SlideTemplate {
  id: string;
  name: string;
  description: string;
  style: TemplateStyle;
  palette: SlidePalette;
  /** Font faces as written into the .pptx (East Asian and Latin alike); each has Chinese glyphs. */
  fonts: { title: string; body: string };
}

export const SLIDE_TEMPLATES: readonly SlideTemplate[] = [
  {
    id: 'tpl-academic-blue',
    name: '学术蓝',
    description: '深蓝标题栏，稳重清晰，适合毕业答辩',
    style: 'band',
    palette: { primary: '#1F4E79', secondary: '#2E75B6', accent: '#F4B183', background: '#FFFFFF', text: '#1F2937', onPrimary: '#FFFFFF', light: '#EAF1F8' },
    fonts: { title: '微软雅黑', body: '微软雅黑' },
  },
  {
    id: 'tpl-ink-jade',
    name: '墨韵青',
    description: '左侧青色竖条与米白底，典雅的中式风格',
    style: 'side',
    palette: { primary: '#2F5D50', secondary: '#5B8C7B', accent: '#C8A45C', background: '#FAF7F0', text: '#2B2B2B', onPrimary: '#FFFFFF', light: '#E7EFEA' },
    fonts: { title: '楷体', body: '微软雅黑' },
  },
  {
    id: 'tpl-palace-red',
    name: '故宫红',
    description: '朱红与金色细框，庄重大气，适合开题报告',
    style: 'frame',
    palette: { primary: '#9E2A2B', secondary: '#C0504D', accent: '#D4A24C', background: '#FFFDF8', text: '#3A2C29', onPrimary: '#FFF8E7', light: '#F6E9E1' },
    fonts: { title: '宋体', body: '微软雅黑' },
  },
  {
    id: 'tpl-forest-green',
    name: '森林绿',
    description: '留白充分的简约风格，标题下细线强调',
    style: 'minimal',
    palette: { primary: '#2E7D32', secondary: '#66BB6A', accent: '#FFA000', background: '#FFFFFF', text: '#263238', onPrimary: '#FFFFFF', light: '#EDF5EE' },
    fonts: { title: '黑体', body: '等线' },
  },
  {
    id: 'tpl-graphite-orange',
    name: '商务灰橙',
    description: '深灰底配橙色强调，适合学术会议报告',
    style: 'dark',
    palette: { primary: '#F28C28', secondary: '#FFB366', accent: '#F28C28', background: '#2B2F36', text: '#F1F3F5', onPrimary: '#1E2126', light: '#3A4049' },
    fonts: { title: '微软雅黑', body: '微软雅黑' },
  },
  {
    id: 'tpl-violet-tech',
    name: '科技紫',
    description: '紫色圆形点缀，现代活泼，适合课程汇报',
    style: 'corner',
    palette: { primary: '#5B3FA8', secondary: '#8E7CC3', accent: '#00B4D8', background: '#FFFFFF', text: '#222233', onPrimary: '#FFFFFF', light: '#F0ECFA' },
    fonts: { title: '微软雅黑', body: '等线' },
  },
];

export const DEFAULT_TEMPLATE_ID = SLIDE_TEMPLATES[0].id;

export function findTemplate(id: string): SlideTemplate | undefined {
  return SLIDE_TEMPLATES.find((t) => t.id === id);
}

/** The template, or the default one for an unknown id (a deck whose template was retired still renders). */
export function templateOrDefault(id: string): SlideTemplate {
  return findTemplate(id) ?? SLIDE_TEMPLATES[0];
}

/** The palette as get_template_list returns it: primary, secondary, accent, background. */
export function paletteList(t: SlideTemplate): string[] {
  return [t.palette.primary, t.palette.secondary, t.palette.accent, t.palette.background];
}

/** Where the template's cover preview is served (public/ppt-templates, generated from the template itself). */
export function previewUrl(t: SlideTemplate): string {
  return `/ppt-templates/${t.id}.svg`;
}
