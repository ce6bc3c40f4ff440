import { DECK_LIMITS, SLIDE_LAYOUTS, type Slide, type SlideLayout, validateSlides } from '@common/slides/deck';
import type { LlmGateway } from '../llm';

// The model's outline (from a topic and scene) and its refinement of an offline outline, through the
// gateway (the only way to a model). The model answers JSON; the answer is parsed leniently (code fences,
// text around it), normalised to the deck's limits and validated. An answer that cannot be used is an
// error the caller handles (the topic path fails and refunds nothing since nothing was charged; the paper
// path keeps its offline outline, labelled offline).

export class OutlineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutlineError';
  }
}

export interface TopicRequest {
  topic: string;
  /** The scene's label and description (毕业答辩: 适用于……). */
  scene: { label: string; value: string };
  pageCount: number;
  title: string;
}

/** Marks the slide-deck prompts (the fake model in tests answers them with a canned outline). */
export const SLIDES_MARK = '【墨研幻灯片·大纲】';

const SCHEMA_HINT = `只输出一个 JSON 对象，不要输出其他文字，格式：
{"slides":[{"layout":"cover|toc|section|content|two-column|table|chart|summary|ending","title":"标题","bullets":["要点"],"notes":"演讲者备注","columnTitles":["左栏","右栏"],"table":{"header":["列"],"rows":[["值"]]},"chart":{"kind":"bar|line|pie","categories":["类别"],"series":[{"name":"系列","values":[1]}]}}]}
要求：第一页 cover（bullets 为 汇报人、指导教师、单位、日期 四行），第二页 toc，最后一页 ending；每页只讲一个观点，3-5 条要点，每条不超过 40 字；每页都写备注（讲解这一页的口语化提示）；columnTitles 只用于 two-column，table 只用于 table，chart 只用于 chart。`;

export function topicMessages(request: TopicRequest) {
  return [
    { role: 'system' as const, content: `你是学术汇报幻灯片设计助手，为中文学术场景撰写幻灯片大纲。${SCHEMA_HINT}` },
    {
      role: 'user' as const,
      content: `${SLIDES_MARK}请为以下主题写一份幻灯片大纲（JSON）。\n标题：${request.title}\n场景：${request.scene.label}（${request.scene.value}）\n页数：约 ${request.pageCount} 页（含封面、目录与致谢）\n主题与要求：${request.topic}`,
    },
  ];
}

export function refineMessages(title: string, slides: Slide[], pageCount: number) {
  return [
    { role: 'system' as const, content: `你是学术汇报幻灯片设计助手，负责润色从论文中抽取的幻灯片大纲：要点改写为简洁的短句，不得编造论文中没有的数据或结论。${SCHEMA_HINT}` },
    {
      role: 'user' as const,
      content: `${SLIDES_MARK}请润色下面这份从论文抽取的幻灯片大纲（JSON），保持页序与版式，约 ${pageCount} 页。\n标题：${title}\n${JSON.stringify({ slides })}`,
    },
  ];
}

/** The first JSON object in a model answer (inside a code fence or not). */
export function parseJsonObject(answer: string): unknown {
  const fenced = /```(?:json)?\s*([\s\S]*?)```/i.exec(answer);
  const body = fenced ? fenced[1] : answer;
  const start = body.indexOf('{');
  const end = body.lastIndexOf('}');
  if (start < 0 || end <= start) throw new OutlineError('模型没有返回幻灯片大纲');
  try {
    return JSON.parse(body.slice(start, end + 1));
  } catch {
    throw new OutlineError('模型返回的幻灯片大纲无法解析');
  }
}

const str = (v: unknown, max: number) => (typeof v === 'string' ? [...v.trim()].slice(0, max).join('') : '');

/** A model's slides normalised to the deck's limits (unknown layouts become content) and validated. */
export function normalizeSlides(raw: unknown): Slide[] {
  const list = raw && typeof raw === 'object' && Array.isArray((raw as { slides?: unknown }).slides) ? (raw as { slides: unknown[] }).slides : null;
  if (!list || list.length === 0) throw new OutlineError('模型返回的幻灯片大纲为空');
  const slides = list.slice(0, DECK_LIMITS.maxSlides).map((item): Slide => {
    const o = (item && typeof item === 'object' ? item : {}) as Record<string, unknown>;
    const layout = SLIDE_LAYOUTS.includes(o.layout as SlideLayout) ? (o.layout as SlideLayout) : 'content';
    const bullets = Array.isArray(o.bullets) ? o.bullets.map((b) => str(b, DECK_LIMITS.maxBullet)).filter(Boolean).slice(0, DECK_LIMITS.maxBullets) : [];
    const slide: Slide = { layout, title: str(o.title, DECK_LIMITS.maxTitle) || '（无标题）', bullets, notes: str(o.notes, DECK_LIMITS.maxNotes) };
    const cols = o.columnTitles;
    if (layout === 'two-column' && Array.isArray(cols) && cols.length === 2) slide.columnTitles = [str(cols[0], 30), str(cols[1], 30)];
    if (layout === 'table' && o.table && typeof o.table === 'object') slide.table = o.table as Slide['table'];
    if (layout === 'chart' && o.chart && typeof o.chart === 'object') slide.chart = o.chart as Slide['chart'];
    // A table or chart the model got wrong: the slide keeps its text as a content slide.
    if (validateSlides([slide]).length > 0) return { layout: 'content', title: slide.title, bullets: slide.bullets, notes: slide.notes };
    if ((layout === 'table' && !slide.table) || (layout === 'chart' && !slide.chart)) slide.layout = 'content';
    return slide;
  });
  const problems = validateSlides(slides);
  if (problems.length > 0) throw new OutlineError(`模型返回的幻灯片大纲不符合要求：${problems[0]}`);
  return slides;
}

export interface ModelOutlineOptions {
  taskId?: string;
  signal?: AbortSignal;
}

/** The model's outline for a topic. Throws LlmError (gateway) or OutlineError (unusable answer). */
export async function topicOutline(gateway: LlmGateway, request: TopicRequest, options: ModelOutlineOptions = {}): Promise<Slide[]> {
  const answer = await gateway.complete({
    feature: 'slides',
    messages: topicMessages(request),
    maxTokens: 4000,
    temperature: 0.5,
    taskId: options.taskId,
    signal: options.signal,
  });
  return normalizeSlides(parseJsonObject(answer.content));
}

/** The model's refinement of an offline outline. Throws like topicOutline. */
export async function refineOutline(gateway: LlmGateway, title: string, slides: Slide[], pageCount: number, options: ModelOutlineOptions = {}): Promise<Slide[]> {
  const answer = await gateway.complete({
    feature: 'slides',
    messages: refineMessages(title, slides, pageCount),
    maxTokens: 4000,
    temperature: 0.3,
    taskId: options.taskId,
    signal: options.signal,
  });
  return normalizeSlides(parseJsonObject(answer.content));
}
