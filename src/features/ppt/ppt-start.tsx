import { Box, Button, Field, HStack, Input, NativeSelect, SegmentGroup, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { PptTemplate } from '@/api/gen/model';
import { useCheckQueryList } from '@/api/gen/check/check';
import { useAiPaperInfoQueryList, usePaperInfoQueryList } from '@/api/gen/paper/paper';
import { aiPptInfoPaperInit, aiPptInfoSaveOrUpdate, useAiPptInfoGetTemplateList, useAiSysConfigLoadAllByEntity } from '@/api/gen/ppt/ppt';
import { FreeUsesNote, useRefreshFreeUses } from '@/components/free-uses-note';
import { PaperFilePicker } from '@/components/paper-file-picker';
import { SectionCard } from '@/components/section-card';
import { useSignedIn } from '@/components/use-signed-in';
import { appStore } from '@/stores/app';

/** An uploaded paper, a paper from one of the user's 查重 records, or a topic for the model. */
type Source = 'topic' | 'paper' | 'check' | 'writing';

const FALLBACK_PAGES = ['10', '15', '20', '30'];

/** The template picker: each template's cover preview (an image drawn from the template itself). */
export function TemplatePicker({ templates, value, onChange }: { templates: PptTemplate[]; value: string; onChange: (id: string) => void }) {
  return (
    <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" role="radiogroup" aria-label="选择模板">
      {templates.map((template) => {
        const picked = template.id === value;
        return (
          <Box
            key={template.id}
            as="button"
            role="radio"
            aria-checked={picked}
            aria-label={template.name}
            onClick={() => onChange(template.id)}
            borderWidth="2px"
            borderColor={picked ? 'brand.500' : 'gray.200'}
            rounded="lg"
            overflow="hidden"
            textAlign="left"
            bg="white"
          >
            <Box as="span" display="block" aspectRatio={16 / 9} bg={`linear-gradient(135deg, ${template.palette.slice(0, 2).join(', ')})`}>
              <img src={template.previewUrl} alt="" style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
            </Box>
            <HStack as="span" px="3" py="2" justify="space-between">
              <Text as="span" fontSize="sm" fontWeight={picked ? 'semibold' : 'normal'}>
                {template.name}
              </Text>
              <HStack as="span" gap="1">
                {template.palette.slice(0, 3).map((color, i) => (
                  <Box as="span" key={`${i}-${color}`} w="3" h="3" rounded="full" bg={color} borderWidth="1px" borderColor="gray.300" />
                ))}
              </HStack>
            </HStack>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}

/** /aippt/ppt: pick a template, then a topic and scene (the model writes the outline) or a paper (extracted offline). */
export function PptStart() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const templates = useAiPptInfoGetTemplateList({ query: { enabled: signedIn } });
  const scenes = useAiSysConfigLoadAllByEntity({ entity: 'ppt_scene' });
  const pageOptions = useAiSysConfigLoadAllByEntity({ entity: 'ppt_page_count' });
  const [templateId, setTemplateId] = useState('');
  const [source, setSource] = useState<Source>('paper');
  const [scene, setScene] = useState('');
  const [pageCount, setPageCount] = useState('15');
  const [title, setTitle] = useState('');
  const [topic, setTopic] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [checkId, setCheckId] = useState('');
  const checks = useCheckQueryList({ status: 'done' }, { pageNo: 1, pageSize: 50 }, { query: { enabled: signedIn && source === 'check' } });
  const [paperId, setPaperId] = useState('');
  const aiPapers = useAiPaperInfoQueryList({ status: 'done' }, { pageNo: 1, pageSize: 50 }, { query: { enabled: signedIn && source === 'writing' } });
  const formPapers = usePaperInfoQueryList({ status: 'done' }, { pageNo: 1, pageSize: 50 }, { query: { enabled: signedIn && source === 'writing' } });
  const papers = [...(aiPapers.data?.records ?? []), ...(formPapers.data?.records ?? [])];
  const [cover, setCover] = useState({ speaker: '', supervisor: '', institution: '', date: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refreshFreeUses = useRefreshFreeUses();

  const chosenTemplate = templateId || templates.data?.[0]?.id || '';
  const chosenScene = scene || scenes.data?.[0]?.key || '';
  const pages = pageOptions.data?.map((p) => p.value) ?? FALLBACK_PAGES;

  const submit = async () => {
    setError(null);
    if (!signedIn) return appStore.actions.openLogin();
    if (!chosenTemplate) return setError('请选择模板');
    if (!chosenScene) return setError('请选择场景');
    if (source === 'topic' && Array.from(title.trim()).length < 2) return setError('请填写 PPT 标题（至少 2 个字）');
    if (source === 'topic' && Array.from(topic.trim()).length < 2) return setError('请填写主题与要求');
    if (source === 'paper' && !file) return setError('请上传论文文件（.docx、.pdf 或 .txt）');
    const picked = checks.data?.records.find((c) => c.id === checkId);
    if (source === 'check' && !picked) return setError('请选择一条查重记录');
    const pickedPaper = papers.find((p) => p.id === paperId);
    if (source === 'writing' && !pickedPaper) return setError('请选择一篇论文');
    setBusy(true);
    try {
      const filled = Object.fromEntries(Object.entries(cover).filter(([, v]) => v.trim()));
      const settings = { templateId: chosenTemplate, scene: chosenScene, pageCount: Number(pageCount) };
      const deck =
        source === 'paper' && file
          ? await aiPptInfoPaperInit({ file, ...settings, ...(title.trim() ? { title: title.trim() } : {}), ...filled })
          : source === 'check' && picked
            ? await aiPptInfoSaveOrUpdate({ title: title.trim() || picked.title, ...settings, source: 'paper', checkId: picked.id, cover: filled })
            : source === 'writing' && pickedPaper
              ? await aiPptInfoSaveOrUpdate({ title: title.trim() || pickedPaper.title, ...settings, source: 'paper', paperId: pickedPaper.id, cover: filled })
              : await aiPptInfoSaveOrUpdate({ title: title.trim(), ...settings, source: 'topic', topic: topic.trim(), cover: filled });
      await navigate({ to: '/aippt/ppttype/$id', params: { id: deck.id } });
    } catch (e) {
      setError(e instanceof Error ? e.message : '生成大纲失败，请稍后重试');
    } finally {
      setBusy(false);
      refreshFreeUses();
    }
  };

  return (
    <Stack gap="4">
      <SectionCard title="1. 选择模板">
        {templates.data?.length ? (
          <TemplatePicker templates={templates.data} value={chosenTemplate} onChange={setTemplateId} />
        ) : (
          <Text fontSize="sm" color="gray.600">
            {signedIn ? '正在读取模板…' : '登录后可选择模板'}
          </Text>
        )}
      </SectionCard>
      <SectionCard title="2. 内容来源">
        <form
          aria-label="生成 PPT 大纲"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="4">
            <SegmentGroup.Root value={source} onValueChange={(d) => setSource(d.value as Source)} alignSelf="flex-start">
              <SegmentGroup.Indicator />
              <SegmentGroup.Items
                items={[
                  { value: 'paper', label: '上传论文' },
                  { value: 'check', label: '从查重记录选' },
                  { value: 'writing', label: '从论文写作选' },
                  { value: 'topic', label: '输入主题' },
                ]}
              />
            </SegmentGroup.Root>
            <Text fontSize="sm" color="gray.600">
              {source !== 'topic'
                ? '从论文的章节标题和关键句离线提炼答辩大纲（不需要大模型）；配置了大模型时再由它润色。'
                : '由大模型按主题和场景撰写大纲，需要站点配置大模型服务。'}
            </Text>
            <HStack gap="4" align="flex-start" flexDirection={{ base: 'column', md: 'row' }}>
              <Field.Root flex="1">
                <Field.Label>场景</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field aria-label="场景" value={chosenScene} onChange={(e) => setScene(e.target.value)}>
                    {(scenes.data ?? []).map((s) => (
                      <option key={s.id} value={s.key}>
                        {s.label}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root flex="1">
                <Field.Label>页数</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field aria-label="页数" value={pageCount} onChange={(e) => setPageCount(e.target.value)}>
                    {pages.map((p) => (
                      <option key={p} value={p}>
                        {p} 页左右
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root flex="2" required={source === 'topic'}>
                <Field.Label>PPT 标题{source !== 'topic' ? '（选填，默认取论文题目）' : ''}</Field.Label>
                <Input value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} placeholder="如：基于深度学习的中文文本相似度研究" />
              </Field.Root>
            </HStack>
            {source === 'check' ? (
              <Field.Root required>
                <Field.Label>查重记录（已完成）</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field aria-label="查重记录" value={checkId} onChange={(e) => setCheckId(e.target.value)}>
                    <option value="">{checks.isLoading ? '正在读取…' : checks.data?.records.length ? '请选择' : '还没有已完成的查重记录'}</option>
                    {(checks.data?.records ?? []).map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.title}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            ) : source === 'writing' ? (
              <Field.Root required>
                <Field.Label>论文写作记录（已完成）</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field aria-label="论文写作记录" value={paperId} onChange={(e) => setPaperId(e.target.value)}>
                    <option value="">{aiPapers.isLoading || formPapers.isLoading ? '正在读取…' : papers.length ? '请选择' : '还没有写完的论文'}</option>
                    {papers.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.title}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            ) : source === 'topic' ? (
              <Field.Root required>
                <Field.Label>主题与要求</Field.Label>
                <Textarea rows={4} value={topic} maxLength={2000} onChange={(e) => setTopic(e.target.value)} placeholder="介绍研究背景、方法、实验结果与结论……" />
              </Field.Root>
            ) : (
              <PaperFilePicker file={file} onFile={setFile} onReject={setError} />
            )}
            <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
              {(
                [
                  ['speaker', '汇报人'],
                  ['supervisor', '指导教师'],
                  ['institution', '学校与学院'],
                  ['date', '日期'],
                ] as const
              ).map(([key, label]) => (
                <Field.Root key={key}>
                  <Field.Label>{label}</Field.Label>
                  <Input value={cover[key]} maxLength={key === 'institution' ? 80 : 40} onChange={(e) => setCover({ ...cover, [key]: e.target.value })} placeholder="选填，写在封面" />
                </Field.Root>
              ))}
            </SimpleGrid>
            {error && (
              <Text color="red.600" fontSize="sm" role="alert">
                {error}
              </Text>
            )}
            <Button type="submit" colorPalette="brand" size="lg" loading={busy} loadingText="正在生成大纲" alignSelf="flex-start">
              {signedIn ? '生成大纲' : '登录后生成'}
            </Button>
            <FreeUsesNote action="pptDraft" />
          </Stack>
        </form>
      </SectionCard>
    </Stack>
  );
}
