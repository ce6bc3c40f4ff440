import { countChars } from '@common/char-count';
import { PPT_SCENES, PPT_TEMPLATES, SLIDE_BULLETS, SLIDE_NOTES, SLIDE_TITLES } from '../vocab/services';
import { vocab } from '../vocab';
import { type Obj, type Rule, doneShare, has, within } from './shape';

/** The slides of a deck titled `title` with `pageCount` pages: cover, contents, the body, summary and thanks. */
export function slidesOf(title: string, pageCount: number) {
  const body = Math.max(0, pageCount - 4);
  const bullets = (i: number) => [0, 1, 2].map((k) => SLIDE_BULLETS[(i * 3 + k) % SLIDE_BULLETS.length]);
  const slide = (index: number, layout: string, slideTitle: string, points: string[]) => ({
    index,
    layout,
    title: slideTitle,
    bullets: points,
    notes: SLIDE_NOTES[index % SLIDE_NOTES.length],
  });
  return [
    slide(0, 'cover', title, ['答辩人：张同学', '指导教师：李老师']),
    slide(1, 'toc', '目录', SLIDE_TITLES.slice(0, 4)),
    ...Array.from({ length: body }, (_, i) => slide(i + 2, i % 4 === 0 ? 'section' : 'content', SLIDE_TITLES[i % SLIDE_TITLES.length], bullets(i))),
    slide(body + 2, 'summary', '总结', bullets(body)),
    slide(body + 3, 'ending', '谢谢聆听，敬请指正', []),
  ].slice(0, pageCount);
}

/** A deck has as many slides as its progress made of its pages; a topic deck counts its topic's characters. */
function settleDeck(o: Obj): void {
  const pageCount = within(o.pageCount, 5, 50, vocab.pageCount);
  const made = Math.round(pageCount * doneShare(o));
  o.pageCount = pageCount;
  o.slides = slidesOf(String(o.title), pageCount).slice(0, made);
  o.slideCount = made;
  if (o.source === 'topic') {
    o.topic = typeof o.topic === 'string' && o.topic ? o.topic : vocab.pptTopic();
    o.charCount = countChars(String(o.topic));
  } else {
    o.topic = null;
  }
}

/** A configuration entry says what its key means: a scene's label and description, or a page count. */
function settleConfig(o: Obj): void {
  if (o.entity === 'ppt_page_count') {
    const pages = within(Number(o.key), 5, 50, vocab.pageCount);
    Object.assign(o, { key: String(pages), label: `${pages} 页`, value: String(pages) });
  } else {
    Object.assign(o, PPT_SCENES.find((scene) => scene.key === o.key) ?? PPT_SCENES[0]);
  }
}

export const pptRules: Rule[] = [
  { name: 'slide deck', applies: (o) => has(o, 'slides', 'slideCount', 'pageCount', 'status'), fix: settleDeck },
  { name: 'sys config', applies: (o) => has(o, 'entity', 'key', 'label', 'value'), fix: settleConfig },
  {
    name: 'ppt template',
    applies: (o) => has(o, 'name', 'previewUrl', 'palette'),
    fix: (o) => {
      o.palette = [...(PPT_TEMPLATES.find((template) => template.name === o.name) ?? PPT_TEMPLATES[0]).palette];
    },
  },
];
