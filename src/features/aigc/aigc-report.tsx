import { Badge, Button, HStack, Progress, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import {
  getPaperAigcLoadByIdQueryKey,
  getPaperAigcQueryContentListQueryKey,
  paperAigcDownloadReport,
  paperAigcMachineSubmit,
  paperAigcReload,
  usePaperAigcLoadById,
  usePaperAigcQueryContentList,
} from '@/api/gen/aigc/aigc';
import type { AigcDetail } from '@/api/gen/model';
import { FreeUsesNote, useRefreshFreeUses } from '@/components/free-uses-note';
import { PageHeader } from '@/components/page-header';
import { queryFallback } from '@/components/query-fallback';
import { SectionCard } from '@/components/section-card';
import { StatusBadge } from '@/components/status-badge';
import { notify } from '@/components/ui/toaster';
import { useChargeConfirm } from '@/components/charge/use-charge-confirm';
import { useSignedIn } from '@/components/use-signed-in';
import { formatFen, formatRatio } from '@/lib/number';
import { BAND_PALETTE } from './band-style';
import { HeatBar } from './heat-bar';
import { bandLabel } from './labels';
import { LimitsNote } from './limits-note';
import { MarkedParagraph } from './marked-paragraph';
import { fileNameOf, saveFile } from '@/lib/save-file';
import { isUnderWay } from '@/lib/task-status';

const POLL_MS = 2000;
const PAGE_SIZE = 50;

async function downloadPdf(record: { id: string; title: string }) {
  const file = (await paperAigcDownloadReport({ id: record.id })) as unknown as Blob;
  saveFile(file, fileNameOf(record.title, 'pdf', { suffix: 'AIGC检测报告' }));
}

/** The contract's whole percent; a detector is never certain, so 0 and 100 read as <1% and >99%. */
const scoreText = (score: number | null) => (score === null ? '—' : score === 0 ? '<1%' : score === 100 ? '>99%' : `${score}%`);

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0">
      <Text fontSize="xs" color="gray.500">
        {label}
      </Text>
      <Text fontWeight="semibold">{value}</Text>
    </Stack>
  );
}

/** The document's result: its rate and band, the other figures, the download. */
function Summary({ record }: { record: AigcDetail }) {
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    try {
      await downloadPdf(record);
    } catch (e) {
      notify.error(e instanceof Error ? e.message : '下载失败，请稍后重试');
    } finally {
      setDownloading(false);
    }
  };
  const band = record.band ?? 'none';
  return (
    <Stack gap="4">
      <HStack gap="4" wrap="wrap" align="flex-end">
        <Stack gap="0" data-testid="aigc-rate">
          <Text fontSize="xs" color="gray.500">
            AI字符占比
          </Text>
          <Text fontSize={{ base: '3xl', md: '4xl' }} fontWeight="bold" lineHeight="1" color={`${BAND_PALETTE[band]}.600`}>
            {formatRatio(record.aiCharRatio)}
          </Text>
        </Stack>
        <Badge size="lg" colorPalette={BAND_PALETTE[band]} data-testid="aigc-band">
          {bandLabel(record.band)}
        </Badge>
        {record.offline && (
          <Badge variant="outline" colorPalette="gray" data-testid="offline-label">
            离线模型检测（未使用大模型）
          </Badge>
        )}
      </HStack>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Figure label="全文机器生成概率" value={scoreText(record.score)} />
        <Figure label="AI 字数 / 总字数" value={`${record.aiCharCount ?? '—'} / ${record.charCount}`} />
        <Figure label="可疑段落（高度、中度）" value={`${record.paragraphFlagged} / ${record.paragraphTotal}`} />
        <Figure label="检测费用" value={`¥${formatFen(record.priceFen)}`} />
      </SimpleGrid>
      <Wrap gap="2">
        <Button size="sm" colorPalette="brand" loading={downloading} loadingText="正在生成" onClick={() => void download()}>
          下载检测报告（PDF）
        </Button>
      </Wrap>
    </Stack>
  );
}

/** Before the result: pay a draft, follow a queued or running detection, or say why it failed. */
function Pending({ record, onChanged }: { record: AigcDetail; onChanged: () => Promise<void> }) {
  const charge = useChargeConfirm();
  const pay = () =>
    charge.ask({
      title: '确认支付：AIGC检测',
      request: { operation: 'paperAigcMachineSubmit', id: record.id },
      onConfirm: async () => {
        await paperAigcMachineSubmit({ id: record.id });
        await onChanged();
      },
    });
  if (record.status === 'draft') {
    return (
      <Stack gap="2" align="flex-start">
        <Text>
          共 {record.charCount} 字，检测费用 ¥{formatFen(record.priceFen)}，尚未支付。
        </Text>
        <Button colorPalette="brand" onClick={pay}>
          开始检测
        </Button>
        {charge.dialog}
      </Stack>
    );
  }
  if (record.status === 'failed' || record.status === 'cancelled') {
    return (
      <Text color="red.600" role="alert">
        {record.error ?? '检测失败，费用已退回'}
      </Text>
    );
  }
  return (
    <Progress.Root value={record.progress} colorPalette="brand" aria-label="检测进度">
      <Progress.Track>
        <Progress.Range />
      </Progress.Track>
      <Text fontSize="sm" mt="1">
        {record.status === 'queued' ? '排队中，马上开始' : `正在逐句检测：${record.progress}%`}
      </Text>
    </Progress.Root>
  );
}

function Paragraphs({ record }: { record: AigcDetail }) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [reloading, setReloading] = useState<string | null>(null);
  const refreshFreeUses = useRefreshFreeUses();
  // The paragraph picked on the heat bar, scrolled to once its page has arrived.
  const target = useRef<number | null>(null);
  const params = { id: record.id, pageNo: page, pageSize: PAGE_SIZE };
  const list = usePaperAigcQueryContentList(params, { query: { enabled: record.status === 'done' } });
  const pages = Math.max(1, Math.ceil((list.data?.total ?? 0) / PAGE_SIZE));
  const scrollToTarget = () => {
    if (target.current === null) return;
    const element = document.getElementById(`aigc-paragraph-${target.current}`);
    if (!element) return;
    element.scrollIntoView({ behavior: 'smooth', block: 'start' });
    target.current = null;
  };
  useEffect(scrollToTarget, [list.data]);
  const pick = (index: number) => {
    target.current = index;
    const next = Math.floor(index / PAGE_SIZE) + 1;
    if (next === page) scrollToTarget();
    else setPage(next);
  };
  const reload = async (id: string) => {
    setReloading(id);
    try {
      await paperAigcReload({ id });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: getPaperAigcQueryContentListQueryKey(params) }),
        queryClient.invalidateQueries({ queryKey: getPaperAigcLoadByIdQueryKey({ id: record.id }) }),
      ]);
      notify.success('已重新评估本段');
    } catch (e) {
      notify.error(e instanceof Error ? e.message : '重新评估失败，请稍后重试');
    } finally {
      setReloading(null);
      refreshFreeUses();
    }
  };
  return (
    <Stack gap="4">
      <SectionCard title="逐段热度">
        <Stack gap="2">
          <HeatBar paragraphs={record.paragraphScores} onPick={pick} />
          <Text fontSize="xs" color="gray.500">
            每一格是一段，宽度按字数，颜色按该段的分档（与段落卡片一致）；点按一格跳到那一段。
          </Text>
        </Stack>
      </SectionCard>
      <SectionCard title="逐句标注" extra={<FreeUsesNote action="reload" label="用大模型重新评估" />}>
        <Text fontSize="sm" color="gray.600" mb="3">
          红色底纹的句子被判定为机器生成；把鼠标移到句子上或点按它，查看判定依据。
        </Text>
        {queryFallback({ loading: list.isLoading, error: list.error, rows: 3, rowHeight: '96px' }) ?? (
          <Stack gap="3">
            {(list.data?.records ?? []).map((p) => (
              <MarkedParagraph key={p.id} paragraph={p} canReload={reloading === null} reloading={reloading === p.id} onReload={() => void reload(p.id)} />
            ))}
            {pages > 1 && (
              <HStack justify="center" gap="3">
                <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  上一页
                </Button>
                <Text fontSize="sm">
                  第 {page} / {pages} 页
                </Text>
                <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                  下一页
                </Button>
              </HStack>
            )}
          </Stack>
        )}
      </SectionCard>
    </Stack>
  );
}

/** /aigccheck/content/:id — the detection's result: rate and band, heat bar, marked sentences with reasons, limits. */
export function AigcReportPage({ id }: { id: string }) {
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  const query = usePaperAigcLoadById(
    { id },
    { query: { enabled: signedIn, refetchInterval: (q) => (q.state.data && isUnderWay(q.state.data.status) ? POLL_MS : false) } },
  );
  const record = query.data;
  const refresh = () => queryClient.invalidateQueries({ queryKey: getPaperAigcLoadByIdQueryKey({ id }) });
  const fallback = queryFallback({ loading: query.isLoading, error: query.error, rows: 4, rowHeight: '48px' });
  return (
    <Stack gap="5">
      <PageHeader title="检测详情" icon="aigc" description="AI 字符占比与分档、逐段热度、逐句标注及判定依据" />
      {fallback ??
        (record && (
          <>
            <SectionCard title={record.title} extra={<StatusBadge status={record.status} />}>
              {record.status === 'done' ? <Summary record={record} /> : <Pending record={record} onChanged={refresh} />}
            </SectionCard>
            {record.status === 'done' && record.detector && <LimitsNote detector={record.detector} />}
            {record.status === 'done' && <Paragraphs record={record} />}
          </>
        ))}
    </Stack>
  );
}
