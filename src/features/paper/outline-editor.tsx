import { Alert, Badge, Box, Button, HStack, IconButton, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import type { PaperOutline } from '@/api/gen/model';
import { useAccountInfoChargeQuote } from '@/api/gen/order/order';
import { aiPaperInfoCommitPaper, useAiPaperInfoLoadById } from '@/api/gen/paper/paper';
import { useChargeConfirm } from '@/components/charge/use-charge-confirm';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { useDebounced } from '@/components/use-debounced';
import { useSignedIn } from '@/components/use-signed-in';
import { formatYuan } from '@/lib/number';
import { outlineLength, outlineOps, outlineProblems, stripNumber } from './outline-edit';
import { NO_INVENTED_REFERENCES } from './paper-form';

/** What committing this outline will cost, as the server prices it (charge_quote), while it is edited. */
function Cost({ id, outline, valid }: { id: string; outline: PaperOutline; valid: boolean }) {
  const settled = useDebounced(outline, 400);
  const quote = useAccountInfoChargeQuote(
    { operation: 'aiPaperInfoCommitPaper', id, outline: settled },
    { query: { enabled: valid, placeholderData: keepPreviousData, retry: false, meta: { silent: true } } },
  );
  if (!valid || !quote.data) return null;
  return (
    <Badge colorPalette="brand" variant="subtle" data-testid="outline-cost">
      预计费用 {formatYuan(quote.data.chargeFen)}
    </Badge>
  );
}

function LengthInput({ value, onChange, label }: { value: number; onChange: (n: number) => void; label: string }) {
  return (
    <Input
      aria-label={label}
      size="sm"
      w="24"
      inputMode="numeric"
      value={String(value)}
      onChange={(e) => onChange(Number(e.target.value.replace(/\D/g, '')) || 0)}
    />
  );
}

function Moves({ label, onUp, onDown, onRemove }: { label: string; onUp: () => void; onDown: () => void; onRemove: () => void }) {
  return (
    <HStack gap="1">
      <IconButton aria-label={`上移${label}`} size="xs" variant="ghost" onClick={onUp}>
        <ArrowUp />
      </IconButton>
      <IconButton aria-label={`下移${label}`} size="xs" variant="ghost" onClick={onDown}>
        <ArrowDown />
      </IconButton>
      <IconButton aria-label={`删除${label}`} size="xs" variant="ghost" colorPalette="red" onClick={onRemove}>
        <Trash2 />
      </IconButton>
    </HStack>
  );
}

/** /aipaper/outline/:id — edit the outline (rename, add, remove, reorder, lengths), then confirm and pay. */
export function OutlineEditorPage({ id }: { id: string }) {
  const query = useAiPaperInfoLoadById({ id }, { query: { enabled: useSignedIn() } });
  const navigate = useNavigate();
  const [edited, setOutline] = useState<PaperOutline | null>(null);
  const [error, setError] = useState<string | null>(null);
  const charge = useChargeConfirm();
  const paper = query.data;
  const outline = edited ?? paper?.outline ?? null;

  if (!paper || !outline) return <Skeleton h="300px" rounded="xl" aria-busy="true" />;
  if (paper.stage !== 'outline') return <Navigate to="/aipaper/content/$id" params={{ id }} replace />;
  const total = outlineLength(outline);
  const problems = outlineProblems(outline);

  const commit = () => {
    setError(null);
    if (problems.length > 0) return setError(problems[0]);
    charge.ask({
      title: '确认支付：论文写作',
      request: { operation: 'aiPaperInfoCommitPaper', id, outline },
      onConfirm: async () => {
        await aiPaperInfoCommitPaper({ id, outline });
        await navigate({ to: '/aipaper/content/$id', params: { id } });
      },
    });
  };

  return (
    <Stack gap="5">
      <PageHeader title="论文大纲" icon="writing" description={paper.title} />
      {paper.outlineSource === 'template' && (
        <Alert.Root status="warning" data-testid="template-label">
          <Alert.Indicator />
          <Alert.Description>{paper.outlineNote ?? '大纲模板（非模型生成），请按研究内容修改'}</Alert.Description>
        </Alert.Root>
      )}
      <SectionCard title="编辑大纲">
        <Stack gap="4">
          {outline.chapters.map((chapter, c) => (
            <Box key={c} borderWidth="1px" rounded="md" p="3" data-testid="outline-chapter">
              <HStack gap="2" wrap="wrap">
                <Text fontWeight="semibold" minW="14">
                  第{c + 1}章
                </Text>
                <Input
                  aria-label={`第${c + 1}章标题`}
                  size="sm"
                  flex="1"
                  minW="40"
                  value={stripNumber(chapter.heading)}
                  onChange={(e) => setOutline(outlineOps.renameChapter(outline, c, e.target.value))}
                />
                {chapter.sections.length === 0 ? (
                  <LengthInput label={`第${c + 1}章字数`} value={chapter.targetLength} onChange={(n) => setOutline(outlineOps.setLength(outline, c, null, n))} />
                ) : (
                  <Text fontSize="sm" color="gray.600" w="24">
                    {chapter.targetLength} 字
                  </Text>
                )}
                <Moves
                  label={`第${c + 1}章`}
                  onUp={() => setOutline(outlineOps.moveChapter(outline, c, -1))}
                  onDown={() => setOutline(outlineOps.moveChapter(outline, c, 1))}
                  onRemove={() => setOutline(outlineOps.removeChapter(outline, c))}
                />
              </HStack>
              <Stack gap="2" mt="2" pl={{ base: 0, md: 8 }}>
                {chapter.sections.map((section, s) => (
                  <Stack key={s} gap="1">
                    <HStack gap="2" wrap="wrap">
                      <Text fontSize="sm" minW="10">
                        {c + 1}.{s + 1}
                      </Text>
                      <Input
                        aria-label={`${c + 1}.${s + 1} 标题`}
                        size="sm"
                        flex="1"
                        minW="40"
                        value={stripNumber(section.heading)}
                        onChange={(e) => setOutline(outlineOps.renameSection(outline, c, s, e.target.value))}
                      />
                      <LengthInput label={`${c + 1}.${s + 1} 字数`} value={section.targetLength} onChange={(n) => setOutline(outlineOps.setLength(outline, c, s, n))} />
                      <Moves
                        label={`${c + 1}.${s + 1}`}
                        onUp={() => setOutline(outlineOps.moveSection(outline, c, s, -1))}
                        onDown={() => setOutline(outlineOps.moveSection(outline, c, s, 1))}
                        onRemove={() => setOutline(outlineOps.removeSection(outline, c, s))}
                      />
                    </HStack>
                    {section.points.length > 0 && (
                      <Text fontSize="xs" color="gray.500" pl="12">
                        {paper.outlineSource === 'template' ? '写作指导（模板）：' : '写作要点：'}
                        {section.points.join('；')}
                      </Text>
                    )}
                  </Stack>
                ))}
                <Button size="xs" variant="ghost" alignSelf="flex-start" onClick={() => setOutline(outlineOps.addSection(outline, c))}>
                  <Plus /> 添加一节
                </Button>
              </Stack>
            </Box>
          ))}
          <Button size="sm" variant="outline" alignSelf="flex-start" onClick={() => setOutline(outlineOps.addChapter(outline))}>
            <Plus /> 添加一章
          </Button>
        </Stack>
      </SectionCard>
      <SectionCard>
        <Stack gap="3">
          <HStack gap="3" wrap="wrap">
            <Text>
              全文目标 <b data-testid="outline-total">{total.toLocaleString('zh-CN')}</b> 字
            </Text>
            <Cost id={id} outline={outline} valid={problems.length === 0} />
            <Text fontSize="sm" color="gray.600">
              摘要、参考文献与致谢由系统自动生成，不在大纲内
            </Text>
          </HStack>
          <Text fontSize="sm" color="gray.600">
            {NO_INVENTED_REFERENCES}
          </Text>
          {(error ?? problems[0]) && (
            <Text color="red.600" fontSize="sm" role="alert">
              {error ?? problems[0]}
            </Text>
          )}
          <Button colorPalette="brand" alignSelf="flex-start" onClick={commit} disabled={problems.length > 0}>
            确认大纲并开始写作
          </Button>
        </Stack>
      </SectionCard>
      {charge.dialog}
    </Stack>
  );
}
