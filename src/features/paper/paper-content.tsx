import { Alert, Badge, Box, Button, HStack, Progress, Skeleton, Stack, Text, Textarea } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { paperAigcMachineInit } from '@/api/gen/aigc/aigc';
import { checkCheckInit } from '@/api/gen/check/check';
import type { PaperDetail, PaperSection } from '@/api/gen/model';
import {
  aiPaperInfoDeleteContent,
  aiPaperInfoDownload,
  aiPaperInfoReload,
  aiPaperInfoUpdateContent,
  getAiPaperInfoLoadByIdQueryKey,
  getAiPaperInfoQueryContentListQueryKey,
  getPaperInfoLoadByIdQueryKey,
  getPaperInfoQueryContentListQueryKey,
  paperInfoDownload,
  useAiPaperInfoLoadById,
  useAiPaperInfoQueryContentList,
  usePaperInfoLoadById,
  usePaperInfoLoadOtherById,
  usePaperInfoQueryContentList,
} from '@/api/gen/paper/paper';
import { useChargeConfirm } from '@/components/charge/use-charge-confirm';
import { PageHeader } from '@/components/page-header';
import { SectionCard } from '@/components/section-card';
import { StatusBadge } from '@/components/status-badge';
import { useSignedIn } from '@/components/use-signed-in';
import { NO_INVENTED_REFERENCES } from './paper-form';
import { MATERIAL_LABELS, STAGE_LABELS } from './paper-labels';
import { fileNameOf, saveFile } from '@/lib/save-file';
import { isUnderWay } from '@/lib/task-status';

type Api = 'ai' | 'info';
const POLL_MS = 1500;
const writing = (paper: PaperDetail | undefined) => isUnderWay(paper?.status);

/** The paper and its sections, polled while anything is being written. */
function usePaper(api: Api, id: string) {
  const enabled = useSignedIn();
  const [polling, setPolling] = useState(true);
  const interval = polling ? POLL_MS : false;
  const aiPaper = useAiPaperInfoLoadById({ id }, { query: { enabled: enabled && api === 'ai', refetchInterval: interval } });
  const infoPaper = usePaperInfoLoadById({ id }, { query: { enabled: enabled && api === 'info', refetchInterval: interval } });
  const params = { id, pageNo: 1, pageSize: 100 };
  const aiSections = useAiPaperInfoQueryContentList(params, { query: { enabled: enabled && api === 'ai', refetchInterval: interval } });
  const infoSections = usePaperInfoQueryContentList(params, { query: { enabled: enabled && api === 'info', refetchInterval: interval } });
  const paper = api === 'ai' ? aiPaper.data : infoPaper.data;
  const sections = (api === 'ai' ? aiSections.data : infoSections.data)?.records ?? [];
  const busy = writing(paper) || sections.some((s) => isUnderWay(s.status));
  if (paper && busy !== polling) setPolling(busy);
  return { paper, sections };
}

function SectionView({ api, section, paperBusy, onChanged }: { api: Api; section: PaperSection; paperBusy: boolean; onChanged: () => void }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(section.content);
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const busy = paperBusy || isUnderWay(section.status);
  const charge = useChargeConfirm();
  const reload = () =>
    charge.ask({
      title: '确认支付：重新生成本节',
      request: { operation: 'aiPaperInfoReload', id: section.id },
      onConfirm: async () => {
        await aiPaperInfoReload({ id: section.id });
        onChanged();
      },
    });
  const run = async (what: string, work: () => Promise<unknown>) => {
    setError(null);
    setWorking(what);
    try {
      await work();
      onChanged();
    } catch (e) {
      setError(e instanceof Error ? e.message : '操作失败，请稍后重试');
    } finally {
      setWorking(null);
    }
  };
  const heading = section.level === 1 ? 'lg' : 'md';
  return (
    <Box data-testid="paper-section" data-status={section.status}>
      <HStack gap="2" wrap="wrap">
        <Text fontWeight="semibold" fontSize={heading}>
          {section.heading}
        </Text>
        {section.targetLength > 0 && <StatusBadge status={section.status} />}
        {section.targetLength > 0 && (
          <Text fontSize="xs" color="gray.500">
            {section.charCount}/{section.targetLength} 字
          </Text>
        )}
        {section.targetLength > 0 && api === 'ai' && !editing && (
          <HStack gap="1" ml="auto">
            <Button size="xs" variant="ghost" disabled={busy} onClick={() => (setText(section.content), setEditing(true))}>
              编辑
            </Button>
            <Button size="xs" variant="ghost" disabled={busy} onClick={reload}>
              重新生成（按本节字数计费）
            </Button>
            <Button size="xs" variant="ghost" colorPalette="red" disabled={busy} loading={working === 'delete'} onClick={() => void run('delete', () => aiPaperInfoDeleteContent({ id: section.id }))}>
              删除
            </Button>
          </HStack>
        )}
      </HStack>
      {editing ? (
        <Stack gap="2" mt="2">
          <Textarea aria-label={`编辑 ${section.heading}`} rows={8} value={text} onChange={(e) => setText(e.target.value)} />
          <HStack>
            <Button size="sm" colorPalette="brand" loading={working === 'save'} onClick={() => void run('save', async () => (await aiPaperInfoUpdateContent({ id: section.id, content: text }), setEditing(false)))}>
              保存
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              取消
            </Button>
          </HStack>
        </Stack>
      ) : (
        section.content && (
          <Text mt="1" whiteSpace="pre-wrap" lineHeight="1.9" color="gray.800">
            {section.content}
          </Text>
        )
      )}
      {section.error && section.status !== 'done' && (
        <Text fontSize="sm" color="red.600">
          {section.error}
        </Text>
      )}
      {error && (
        <Text fontSize="sm" color="red.600" role="alert">
          {error}
        </Text>
      )}
      {charge.dialog}
    </Box>
  );
}

function Materials({ id }: { id: string }) {
  const query = usePaperInfoLoadOtherById({ id }, { query: { enabled: useSignedIn() } });
  const materials = query.data?.materials ?? [];
  if (materials.length === 0) return null;
  return (
    <SectionCard title="配套材料">
      <Stack gap="4">
        {materials.map((m) => (
          <Box key={m.kind}>
            <HStack>
              <Text fontWeight="semibold">{MATERIAL_LABELS[m.kind] ?? m.kind}</Text>
              <StatusBadge status={m.status} />
            </HStack>
            <Text whiteSpace="pre-wrap" mt="1">
              {m.content}
            </Text>
          </Box>
        ))}
      </Stack>
    </SectionCard>
  );
}

/** The finished text offered to 查重 (a draft check the student confirms and pays on the usual page). */
function CheckOffer({ paper, sections }: { paper: PaperDetail; sections: PaperSection[] }) {
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'check' | 'aigc' | null>(null);
  const text = [paper.abstract ? `摘要\n${paper.abstract}` : '', paper.englishAbstract ? `Abstract\n${paper.englishAbstract}` : '', ...sections.map((s) => (s.content ? `${s.heading}\n${s.content}` : s.heading))].filter(Boolean).join('\n');
  // Each creates a draft record from the text; its page shows the price and takes the payment as usual.
  const start = async (what: 'check' | 'aigc') => {
    setBusy(what);
    setError(null);
    try {
      if (what === 'check') {
        const record = await checkCheckInit({ title: paper.title, content: text });
        await navigate({ to: '/paper/submit/$id', params: { id: record.id } });
      } else {
        const record = await paperAigcMachineInit({ title: paper.title, content: text });
        await navigate({ to: '/aigccheck/content/$id', params: { id: record.id } });
      }
    } catch (e) {
      setError(e instanceof Error ? e.message : '提交失败，请稍后重试');
    } finally {
      setBusy(null);
    }
  };
  return (
    <SectionCard title="交稿前自查">
      <Stack gap="2">
        <Text fontSize="sm" color="gray.700">
          用本站的论文查重与 AIGC 检测先看一遍这篇论文（按常规价格计费）：先显示费用，确认支付后才开始。
        </Text>
        <HStack gap="3" wrap="wrap">
          <Button size="sm" colorPalette="brand" variant="outline" loading={busy === 'check'} onClick={() => void start('check')}>
            用全文提交查重
          </Button>
          <Button size="sm" colorPalette="brand" variant="outline" loading={busy === 'aigc'} onClick={() => void start('aigc')}>
            用全文提交 AIGC 检测
          </Button>
        </HStack>
        {error && (
          <Text fontSize="sm" color="red.600" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </SectionCard>
  );
}

/** /aipaper/content/:id and /paperwirte/wirte/:id: sections appearing as they are written, edit, reload, download. */
export function PaperContentPage({ api, id }: { api: Api; id: string }) {
  const { paper, sections } = usePaper(api, id);
  const queryClient = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!paper) return <Skeleton h="300px" rounded="xl" aria-busy="true" />;
  const refresh = () => {
    const keys = api === 'ai' ? [getAiPaperInfoLoadByIdQueryKey({ id }), getAiPaperInfoQueryContentListQueryKey({ id, pageNo: 1, pageSize: 100 })] : [getPaperInfoLoadByIdQueryKey({ id }), getPaperInfoQueryContentListQueryKey({ id, pageNo: 1, pageSize: 100 })];
    for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
  };
  const busy = writing(paper);
  const download = async () => {
    setDownloading(true);
    setError(null);
    try {
      const blob = (await (api === 'ai' ? aiPaperInfoDownload({ id }) : paperInfoDownload({ id }))) as unknown as Blob;
      saveFile(blob, fileNameOf(paper.title, 'docx'));
    } catch (e) {
      setError(e instanceof Error ? e.message : '下载失败，请稍后重试');
    } finally {
      setDownloading(false);
    }
  };
  const written = sections.filter((s) => s.targetLength > 0);
  const done = written.filter((s) => s.status === 'done').length;
  return (
    <Stack gap="5">
      <PageHeader title={paper.title} icon="writing" description={`${STAGE_LABELS[paper.stage] ?? paper.stage} · 目标 ${paper.targetLength.toLocaleString('zh-CN')} 字`} />
      <SectionCard>
        <Stack gap="3">
          <HStack gap="3" wrap="wrap">
            <StatusBadge status={paper.status} />
            <Text fontSize="sm" data-testid="sections-done">
              已完成 {done}/{written.length} 节
            </Text>
            {paper.removedCitations > 0 && (
              <Badge colorPalette="orange" variant="subtle">
                已删除 {paper.removedCitations} 处无法对应的引用，标为“[待补充参考文献]”
              </Badge>
            )}
            <Button size="sm" colorPalette="brand" ml="auto" disabled={paper.stage !== 'done'} loading={downloading} onClick={() => void download()}>
              下载 Word
            </Button>
          </HStack>
          {busy && <Progress.Root value={paper.progress} size="sm" colorPalette="brand"><Progress.Track><Progress.Range /></Progress.Track></Progress.Root>}
          {paper.error && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Description>{paper.error}</Alert.Description>
            </Alert.Root>
          )}
          <Text fontSize="sm" color="gray.600">
            {NO_INVENTED_REFERENCES}
          </Text>
          {error && (
            <Text fontSize="sm" color="red.600" role="alert">
              {error}
            </Text>
          )}
        </Stack>
      </SectionCard>
      <SectionCard title="正文">
        <Stack gap="5">
          {paper.abstract && (
            <Box>
              <Text fontWeight="semibold" fontSize="lg">
                摘要
              </Text>
              <Text whiteSpace="pre-wrap" lineHeight="1.9">
                {paper.abstract}
              </Text>
            </Box>
          )}
          {paper.englishAbstract && (
            <Box lang="en" data-testid="english-abstract">
              <Text fontWeight="semibold" fontSize="lg">
                Abstract
              </Text>
              <Text whiteSpace="pre-wrap" lineHeight="1.9">
                {paper.englishAbstract}
              </Text>
            </Box>
          )}
          {sections.map((s) => (
            <SectionView key={s.id} api={api} section={s} paperBusy={busy} onChanged={refresh} />
          ))}
          {sections.length === 0 && <Text color="gray.500">正在拟定大纲……</Text>}
          <Box>
            <Text fontWeight="semibold" fontSize="lg">
              参考文献
            </Text>
            {paper.references.length === 0 ? (
              <Text color="gray.500" fontSize="sm">
                未提供参考文献
              </Text>
            ) : (
              paper.references.map((r, i) => (
                <Text key={r} fontSize="sm" data-testid="reference">
                  [{i + 1}] {r}
                </Text>
              ))
            )}
          </Box>
        </Stack>
      </SectionCard>
      {api === 'info' && <Materials id={id} />}
      {paper.stage === 'done' && <CheckOffer paper={paper} sections={sections} />}
    </Stack>
  );
}
