import { Badge, Box, Button, Field, Grid, HStack, IconButton, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { PptDeck, PptSlide, PptSlideLayout } from '@/api/gen/model';
import {
  aiPptInfoSaveOrUpdate,
  aiPptInfoSubmitById,
  getAiPptInfoLoadByIdQueryKey,
  useAiPptInfoGetTemplateList,
  useAiPptInfoLoadById,
} from '@/api/gen/ppt/ppt';
import { useChargeConfirm } from '@/components/charge/use-charge-confirm';
import { LoginRequired } from '@/components/login-required';
import { queryFallback } from '@/components/query-fallback';
import { SectionCard } from '@/components/section-card';
import { StatusBadge } from '@/components/status-badge';
import { TaskProgress } from '@/components/task-progress';
import { useSignedIn } from '@/components/use-signed-in';
import { LAYOUT_LABELS, SLIDE_LAYOUTS } from '@common/slides/deck';
import { formatYuan } from '@/lib/number';
import { addSlide, chartText, linesOf, moveSlide, outlineProblems, parseChart, parseTable, patchSlide, removeSlide, saveBody, setLayout, tableText } from './deck-edit';
import { SlideThumb } from './slide-thumb';
import { downloadDeck } from './download-deck';
import { isUnderWay } from '@/lib/task-status';

const AUTOSAVE_MS = 800;

type SaveState = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved' } | { kind: 'error'; message: string };

/** Fetches the rendered .pptx with the bearer token and saves it. */
export function OfflineOutlineLabel() {
  return (
    <Badge colorPalette="orange" variant="subtle" data-testid="offline-label">
      离线提取的大纲（未使用大模型）
    </Badge>
  );
}

function SlideFields({ slide, onChange }: { slide: PptSlide; onChange: (patch: Partial<PptSlide>) => void }) {
  // Text areas keep what is typed (blank lines too) and hand the parsed value up.
  const [bullets, setBullets] = useState(slide.bullets.join('\n'));
  const [table, setTable] = useState(tableText(slide.table));
  const [chart, setChart] = useState(chartText(slide.chart));
  return (
    <Stack gap="3">
      <Field.Root>
        <Field.Label>标题</Field.Label>
        <Input aria-label="幻灯片标题" value={slide.title} maxLength={100} onChange={(e) => onChange({ title: e.target.value })} />
      </Field.Root>
      <Field.Root>
        <Field.Label>{slide.layout === 'cover' ? '封面信息（每行一项）' : slide.layout === 'two-column' ? '要点（每行一条，前一半在左栏）' : '要点（每行一条，最多 8 条）'}</Field.Label>
        <Textarea
          aria-label="要点"
          rows={6}
          value={bullets}
          onChange={(e) => {
            setBullets(e.target.value);
            onChange({ bullets: linesOf(e.target.value).slice(0, 8) });
          }}
        />
      </Field.Root>
      {slide.layout === 'two-column' && (
        <HStack>
          {[0, 1].map((i) => (
            <Field.Root key={i}>
              <Field.Label>{i === 0 ? '左栏小标题' : '右栏小标题'}</Field.Label>
              <Input
                value={slide.columnTitles?.[i] ?? ''}
                maxLength={30}
                onChange={(e) => {
                  const titles = [...(slide.columnTitles ?? ['', ''])];
                  titles[i] = e.target.value;
                  onChange({ columnTitles: titles });
                }}
              />
            </Field.Root>
          ))}
        </HStack>
      )}
      {slide.layout === 'table' && (
        <Field.Root>
          <Field.Label>表格（第一行为表头，单元格用 | 分隔）</Field.Label>
          <Textarea
            aria-label="表格"
            rows={5}
            fontFamily="mono"
            value={table}
            onChange={(e) => {
              setTable(e.target.value);
              onChange({ table: parseTable(e.target.value) });
            }}
          />
        </Field.Root>
      )}
      {slide.layout === 'chart' && (
        <Stack gap="2">
          <Field.Root>
            <Field.Label>图表类型</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field
                aria-label="图表类型"
                value={slide.chart?.kind ?? 'bar'}
                onChange={(e) => onChange({ chart: parseChart(chart, e.target.value as 'bar' | 'line' | 'pie') })}
              >
                <option value="bar">柱状图</option>
                <option value="line">折线图</option>
                <option value="pie">饼图（只用第一组数值）</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root>
            <Field.Label>图表数据（第一行为系列名，之后每行一个分类及其数值，用 | 分隔）</Field.Label>
            <Textarea
              aria-label="图表数据"
              rows={5}
              fontFamily="mono"
              value={chart}
              onChange={(e) => {
                setChart(e.target.value);
                onChange({ chart: parseChart(e.target.value, slide.chart?.kind ?? 'bar') });
              }}
            />
          </Field.Root>
        </Stack>
      )}
      <Field.Root>
        <Field.Label>演讲者备注</Field.Label>
        <Textarea aria-label="演讲者备注" rows={3} value={slide.notes} maxLength={2000} onChange={(e) => onChange({ notes: e.target.value })} />
      </Field.Root>
    </Stack>
  );
}

function Editor({ deck }: { deck: PptDeck }) {
  const queryClient = useQueryClient();
  const templates = useAiPptInfoGetTemplateList();
  const editable = deck.status === 'draft';
  const [slides, setSlides] = useState<PptSlide[]>(deck.slides);
  const [title, setTitle] = useState(deck.title);
  const [templateId, setTemplateId] = useState(deck.templateId);
  const [selected, setSelected] = useState(0);
  const [newLayout, setNewLayout] = useState<PptSlideLayout>('content');
  const [save, setSave] = useState<SaveState>({ kind: 'idle' });
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const charge = useChargeConfirm();
  const dirty = useRef(false);

  const edit = (next: PptSlide[]) => {
    dirty.current = true;
    setSlides(next);
  };

  const problems = outlineProblems(slides);
  /** Why the current state cannot be saved (shown instead of saving it). */
  const invalid = problems[0] ?? (Array.from(title.trim()).length < 2 ? 'PPT 标题至少 2 个字' : null);
  useEffect(() => {
    if (!dirty.current || !editable || invalid) return;
    const timer = setTimeout(() => {
      setSave({ kind: 'saving' });
      aiPptInfoSaveOrUpdate(saveBody(deck, slides, { title: title.trim(), templateId }))
        .then((saved) => {
          dirty.current = false;
          queryClient.setQueryData(getAiPptInfoLoadByIdQueryKey({ id: deck.id }), saved);
          setSave({ kind: 'saved' });
        })
        .catch((e: unknown) => setSave({ kind: 'error', message: e instanceof Error ? e.message : '保存失败' }));
    }, AUTOSAVE_MS);
    return () => clearTimeout(timer);
  }, [slides, title, templateId, deck, editable, invalid, queryClient]);

  const current = slides[Math.min(selected, slides.length - 1)];

  const submit = async () => {
    setSubmitError(null);
    setBusy(true);
    try {
      // The deck as edited is what is paid for: saved first, then priced and confirmed.
      if (dirty.current) await aiPptInfoSaveOrUpdate(saveBody(deck, slides, { title: title.trim(), templateId }));
      dirty.current = false;
      charge.ask({
        title: '确认支付：AI PPT',
        request: { operation: 'aiPptInfoSubmitById', id: deck.id },
        onConfirm: async () => {
          const queued = await aiPptInfoSubmitById({ id: deck.id });
          queryClient.setQueryData(getAiPptInfoLoadByIdQueryKey({ id: deck.id }), queued);
          await queryClient.invalidateQueries({ queryKey: getAiPptInfoLoadByIdQueryKey({ id: deck.id }) });
        },
      });
    } catch (e) {
      setSubmitError(e instanceof Error ? e.message : '提交失败，请稍后重试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="4">
      <SectionCard title="PPT 设置">
        <Stack gap="3">
          <HStack gap="3" flexWrap="wrap">
            <StatusBadge status={deck.status} />
            {deck.outlineBy === 'offline' && <OfflineOutlineLabel />}
            {deck.outlineBy === 'model' && (
              <Badge colorPalette="blue" variant="subtle">
                大模型撰写的大纲
              </Badge>
            )}
            <Text fontSize="sm" color="gray.600" data-testid="save-state">
              {!editable ? '' : invalid ? `未保存：${invalid}` : save.kind === 'saving' ? '正在保存…' : save.kind === 'saved' ? '已自动保存' : save.kind === 'error' ? `未保存：${save.message}` : '修改会自动保存'}
            </Text>
          </HStack>
          <HStack gap="4" align="flex-end" flexDirection={{ base: 'column', md: 'row' }}>
            <Field.Root flex="2">
              <Field.Label>PPT 标题</Field.Label>
              <Input aria-label="PPT 标题" value={title} maxLength={200} disabled={!editable} onChange={(e) => { dirty.current = true; setTitle(e.target.value); }} />
            </Field.Root>
            <Field.Root flex="1">
              <Field.Label>模板</Field.Label>
              <NativeSelect.Root disabled={!editable}>
                <NativeSelect.Field aria-label="切换模板" value={templateId} onChange={(e) => { dirty.current = true; setTemplateId(e.target.value); }}>
                  {(templates.data ?? [{ id: templateId, name: templateId }]).map((t) => (
                    <option key={t.id} value={t.id}>
                      {t.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
          </HStack>
          {deck.status === 'draft' ? (
            <HStack gap="3" flexWrap="wrap">
              <Button colorPalette="brand" onClick={() => void submit()} loading={busy} loadingText="正在保存" disabled={problems.length > 0 || slides.length === 0}>
                生成 PPT（{formatYuan(deck.priceFen)}）
              </Button>
              <Text fontSize="sm" color="gray.600">
                共 {slides.length} 页；放不下的文字会缩小字号或分到下一页，不会被截断。
              </Text>
            </HStack>
          ) : deck.status === 'done' ? (
            <HStack gap="3">
              <Button colorPalette="brand" onClick={() => void downloadDeck({ id: deck.id, title: deck.title }).catch((e: Error) => setSubmitError(e.message))}>
                下载 .pptx
              </Button>
              <Text fontSize="sm" color="gray.600">
                已生成 {deck.renderedSlideCount ?? deck.slideCount} 页
              </Text>
            </HStack>
          ) : deck.status === 'failed' ? (
            <Text color="red.600" fontSize="sm" role="alert">
              {deck.error ?? '生成失败，费用已退回'}
            </Text>
          ) : (
            <HStack gap="3">
              <Text fontSize="sm">正在生成…</Text>
              <TaskProgress value={deck.progress} label="生成进度" />
            </HStack>
          )}
          {submitError && (
            <Text color="red.600" fontSize="sm" role="alert">
              {submitError}
            </Text>
          )}
        </Stack>
      </SectionCard>

      <Grid templateColumns={{ base: '1fr', lg: '260px 1fr' }} gap="4" alignItems="start">
        <SectionCard title="幻灯片">
          <Stack gap="2" as="ol" aria-label="幻灯片列表" listStyleType="none">
            {slides.map((slide, i) => (
              <Box as="li" key={`${i}-${slide.layout}`} borderWidth="2px" borderColor={i === selected ? 'brand.500' : 'transparent'} rounded="md" p="1">
                <Box as="button" w="full" onClick={() => setSelected(i)} aria-label={`第 ${i + 1} 页：${slide.title}`} textAlign="left">
                  <SlideThumb slide={slide} templateId={templateId} label={`第 ${i + 1} 页预览`} />
                </Box>
                {editable && (
                  <HStack gap="1" mt="1" justify="space-between">
                    <Text fontSize="xs" color="gray.600">
                      {i + 1}. {LAYOUT_LABELS[slide.layout as keyof typeof LAYOUT_LABELS] ?? slide.layout}
                    </Text>
                    <HStack gap="0">
                      <IconButton size="2xs" variant="ghost" aria-label={`上移第 ${i + 1} 页`} disabled={i === 0} onClick={() => { edit(moveSlide(slides, i, i - 1)); setSelected(i - 1); }}>
                        ↑
                      </IconButton>
                      <IconButton size="2xs" variant="ghost" aria-label={`下移第 ${i + 1} 页`} disabled={i === slides.length - 1} onClick={() => { edit(moveSlide(slides, i, i + 1)); setSelected(i + 1); }}>
                        ↓
                      </IconButton>
                      <IconButton size="2xs" variant="ghost" colorPalette="red" aria-label={`删除第 ${i + 1} 页`} disabled={slides.length <= 1} onClick={() => { edit(removeSlide(slides, i)); setSelected(Math.max(0, Math.min(selected, slides.length - 2))); }}>
                        ×
                      </IconButton>
                    </HStack>
                  </HStack>
                )}
              </Box>
            ))}
          </Stack>
          {editable && slides.length < 50 && (
            <HStack mt="3" gap="2">
              <NativeSelect.Root size="sm">
                <NativeSelect.Field aria-label="新幻灯片的版式" value={newLayout} onChange={(e) => setNewLayout(e.target.value as PptSlideLayout)}>
                  {SLIDE_LAYOUTS.map((l) => (
                    <option key={l} value={l}>
                      {LAYOUT_LABELS[l]}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              <Button size="sm" onClick={() => { edit(addSlide(slides, selected, newLayout)); setSelected(selected + 1); }}>
                添加幻灯片
              </Button>
            </HStack>
          )}
        </SectionCard>

        {current && (
          <SectionCard title={`第 ${Math.min(selected, slides.length - 1) + 1} 页`}>
            <Stack gap="4">
              <SlideThumb slide={current} templateId={templateId} label="当前页预览" />
              {editable ? (
                <>
                  <Field.Root>
                    <Field.Label>版式</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        aria-label="版式"
                        value={current.layout}
                        onChange={(e) => edit(slides.map((s, i) => (i === selected ? { ...s, ...setLayoutPatch(s, e.target.value as PptSlideLayout) } : s)))}
                      >
                        {SLIDE_LAYOUTS.map((l) => (
                          <option key={l} value={l}>
                            {LAYOUT_LABELS[l]}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  <SlideFields key={`${selected}-${slides.length}-${current.layout}`} slide={current} onChange={(patch) => edit(patchSlide(slides, selected, patch))} />
                </>
              ) : (
                <Text fontSize="sm" color="gray.600" whiteSpace="pre-wrap">
                  备注：{current.notes || '（无）'}
                </Text>
              )}
            </Stack>
          </SectionCard>
        )}
      </Grid>
      {charge.dialog}
    </Stack>
  );
}

function setLayoutPatch(slide: PptSlide, layout: PptSlideLayout): PptSlide {
  return setLayout([slide], 0, layout)[0];
}

/** /aippt/ppttype/:id: the outline editor with previews, autosave, submission and download. */
export function DeckEditor({ id }: { id: string }) {
  const signedIn = useSignedIn();
  const query = useAiPptInfoLoadById(
    { id },
    {
      query: {
        enabled: signedIn,
        refetchInterval: (q) => (q.state.data && isUnderWay(q.state.data.status) ? 1500 : false),
      },
    },
  );
  if (!signedIn) return <LoginRequired />;
  if (!query.data) return queryFallback({ loading: query.isLoading, error: query.error, rows: 4, rowHeight: '80px' });
  // A new editor for each deck; the same one while its status changes (progress, done).
  return <Editor key={query.data.id} deck={query.data} />;
}
