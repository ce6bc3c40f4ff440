import { Badge, Box, Button, HStack, Progress, SimpleGrid, Stack, Text, Wrap } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { ParagraphPair, ParagraphPairDocxKept, RewriteTask } from '@/api/gen/model';
import {
  getPaperMachineLoadByIdQueryKey,
  getPaperMachineQueryContentListQueryKey,
  machineDownloadReport,
  paperMachineAcceptContent,
  paperMachineDownload,
  paperMachineReload,
  paperMachineSubmitCheck,
  usePaperMachineLoadById,
  usePaperMachineQueryContentList,
} from '@/api/gen/rewrite/rewrite';
import { checkWorkbenchFromRewrite } from '@/api/gen/check/check';
import { useChargeConfirm } from '@/components/charge/use-charge-confirm';
import { FreeUsesNote, useRefreshFreeUses } from '@/components/free-uses-note';
import { PageHeader } from '@/components/page-header';
import { queryFallback } from '@/components/query-fallback';
import { SectionCard } from '@/components/section-card';
import { StatusBadge } from '@/components/status-badge';
import { notify } from '@/components/ui/toaster';
import { useSignedIn } from '@/components/use-signed-in';
import { formatRatio, formatYuan } from '@/lib/number';
import { diffChars } from '@common/char-diff';
import { modeLabel, reportName, resultName } from '@common/rewrite-modes';
import { fileNameOf, saveFile } from '@/lib/save-file';
import { isUnderWay } from '@/lib/task-status';
import { keptNote, PairSentences, RecordChecks, TermBadge } from './sentence-checks';

const POLL_MS = 2000;

/** A finished record whose charge came back (the ledger's refund): how much, and why for 降AIGC. */
function RefundNote({ task }: { task: RewriteTask }) {
  const why = task.source === 'aigc' ? '没有一段的 AI 概率得到降低（未能降低的段落保持原文），' : '';
  return (
    <Text color="green.700" bg="green.50" px="3" py="2" borderRadius="md" data-testid="refund-note">
      {why}本次费用 {formatYuan(task.refundedFen)} 已退回余额。
    </Text>
  );
}

/** The label every offline result carries: no model wrote it. */
export function OfflineLabel() {
  return (
    <Badge colorPalette="orange" variant="subtle" data-testid="offline-label">
      离线引擎改写（未使用大模型）
    </Badge>
  );
}

/** Why a paragraph keeps its original text in the student's own Word file. */
const DOCX_KEPT: Record<NonNullable<ParagraphPairDocxKept>, string> = {
  textbox: '位于文本框中',
  'alternate-content': '位于兼容替代内容中',
  field: '改动涉及域（目录、编号等）',
  revision: '改动涉及文件中已有的修订',
  'content-control': '改动涉及内容控件',
  structure: '段落结构无法逐字改写',
  'not-found': '原文件中未找到本段',
};

/** What the Word downloads are: the student's own file rewritten in place, or a new document from the text. */
function DownloadNote({ record }: { record: RewriteTask }) {
  if (!record.docxInPlace) {
    return (
      <Text fontSize="sm" color="gray.600" data-testid="download-note">
        论文不是以 Word 上传的：下载的改写稿按正文新建 Word 文档（标题、正文、参考文献各用样式）；标出改动版中的改动是 Word 修订，可逐条接受或拒绝。
      </Text>
    );
  }
  return (
    <Text fontSize="sm" color="gray.600" data-testid="download-note">
      下载的改写稿就是您上传的 Word 文件：只替换采纳的改写，样式、标题、编号、表格、图片、脚注和页眉页脚原样保留；标出改动版中的改动是 Word 修订，可在 Word 或 WPS 中逐条接受或拒绝。
      {record.paragraphKeptInDocx > 0 && `其中 ${record.paragraphKeptInDocx} 段无法在原文件中原位改写，下载稿保留原文（见下方标注）。`}
    </Text>
  );
}

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

function Highlighted({ pair, side }: { pair: ParagraphPair; side: 'original' | 'rewritten' }) {
  if (!pair.rewritten) return <Text whiteSpace="pre-wrap">{side === 'original' ? pair.original : keptNote(pair)}</Text>;
  const pieces = diffChars(pair.original, pair.rewritten).filter((p) => p.kind === 'same' || p.kind === (side === 'original' ? 'removed' : 'added'));
  return (
    <Text whiteSpace="pre-wrap" lineHeight="tall">
      {pieces.map((p, i) =>
        p.kind === 'same' ? (
          <span key={i}>{p.text}</span>
        ) : p.kind === 'removed' ? (
          <Box as="del" key={i} bg="red.100" color="red.800" textDecoration="line-through">
            {p.text}
          </Box>
        ) : (
          <Box as="ins" key={i} bg="green.100" color="green.800" textDecoration="none">
            {p.text}
          </Box>
        ),
      )}
    </Text>
  );
}

function PairCard({ pair, recordDone, onChanged }: { pair: ParagraphPair; recordDone: boolean; onChanged: () => Promise<void> }) {
  const [working, setWorking] = useState<'accept' | 'reload' | null>(null);
  // The wording shown when 重新改写 was asked: if it comes back the same, there was no other safe one.
  const [reloadedFrom, setReloadedFrom] = useState<string | null>(null);
  const refreshFreeUses = useRefreshFreeUses();
  const act = async (kind: 'accept' | 'reload') => {
    setWorking(kind);
    const shown = pair.rewritten;
    try {
      if (kind === 'accept') await paperMachineAcceptContent({ id: pair.id, accepted: !pair.accepted });
      else await paperMachineReload({ id: pair.id }).finally(refreshFreeUses);
      await onChanged();
      if (kind === 'reload') setReloadedFrom(shown);
    } catch (e) {
      notify.error(e instanceof Error ? e.message : '操作失败，请稍后重试');
    } finally {
      setWorking(null);
    }
  };
  const pending = isUnderWay(pair.status);
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" data-testid="paragraph-pair" data-status={pair.status}>
      <HStack justify="space-between" mb="3" wrap="wrap" gap="2">
        <HStack gap="2">
          <Text fontWeight="semibold">第 {pair.index + 1} 段</Text>
          <StatusBadge status={pair.status} />
          {pair.offline && pair.rewritten && <OfflineLabel />}
          {pair.rewritten && <TermBadge kept={pair.termsKept} lost={pair.lostTerms} />}
          {pair.docxKept && (
            <Badge colorPalette="orange" variant="outline" data-testid="docx-kept">
              Word 中保留原文：{DOCX_KEPT[pair.docxKept]}
            </Badge>
          )}
        </HStack>
        <HStack gap="2">
          <Button size="xs" variant={pair.accepted ? 'solid' : 'outline'} colorPalette={pair.accepted ? 'green' : 'gray'} bg={pair.accepted ? 'green.700' : undefined} disabled={!recordDone || pending || !pair.rewritten} loading={working === 'accept'} onClick={() => void act('accept')}>
            {pair.accepted ? '已采纳改写' : '保留原文'}
          </Button>
          <Button size="xs" variant="outline" disabled={!recordDone || pending || pair.role !== 'body'} loading={working === 'reload' || pending} loadingText="改写中" onClick={() => void act('reload')}>
            重新改写
          </Button>
        </HStack>
      </HStack>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        <Stack gap="1">
          <Text fontSize="xs" color="gray.500">
            原文
          </Text>
          <Highlighted pair={pair} side="original" />
        </Stack>
        <Stack gap="1" data-testid="rewritten">
          <Text fontSize="xs" color="gray.500">
            改写
          </Text>
          <Highlighted pair={pair} side="rewritten" />
        </Stack>
      </SimpleGrid>
      <Wrap mt="3" gap="4" fontSize="sm" color="gray.600">
        <span>与原文相似度 {formatRatio(pair.similarityToOriginal)}</span>
        <span>字二元组重合 {formatRatio(pair.bigramOverlap)}</span>
        <span>
          复制比 {formatRatio(pair.similarityBefore)} → {formatRatio(pair.similarityAfter)}
        </span>
        <span>
          AI 概率 {formatRatio(pair.aigcBefore)} → {formatRatio(pair.aigcAfter)}
        </span>
      </Wrap>
      {reloadedFrom !== null && pair.status === 'done' && pair.rewritten === reloadedFrom && (
        <Text mt="2" fontSize="sm" color="orange.700" data-testid="no-other-wording">
          重新改写没有找到其他不伤原意与术语的改法，这一段的改写保持不变。
        </Text>
      )}
      <PairSentences pair={pair} />
    </Box>
  );
}

function Actions({ record }: { record: RewriteTask }) {
  const [working, setWorking] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const charge = useChargeConfirm();
  const recheck = () =>
    charge.ask({
      title: '确认支付：对改写稿查重',
      request: { operation: 'paperMachineSubmitCheck', id: record.id },
      onConfirm: async () => {
        await paperMachineSubmitCheck({ id: record.id });
        await queryClient.invalidateQueries({ queryKey: getPaperMachineLoadByIdQueryKey({ id: record.id }) });
        notify.success('已提交查重，可在查重记录中查看');
      },
    });
  const run = async (key: string, work: () => Promise<void>) => {
    setWorking(key);
    try {
      await work();
    } catch (e) {
      notify.error(e instanceof Error ? e.message : '操作失败，请稍后重试');
    } finally {
      setWorking(null);
    }
  };
  const navigate = useNavigate();
  const done = record.status === 'done';
  const report = reportName(record);
  return (
    <Wrap gap="2">
      <Button size="sm" colorPalette="brand" disabled={!done} loading={working === 'docx'} onClick={() => void run('docx', async () => saveFile((await paperMachineDownload({ id: record.id })) as unknown as Blob, fileNameOf(record.title, 'docx', { suffix: resultName(record) })))}>
        下载改写稿（Word）
      </Button>
      <Button size="sm" variant="outline" disabled={!done} loading={working === 'marked'} onClick={() => void run('marked', async () => saveFile((await paperMachineDownload({ id: record.id, marked: true })) as unknown as Blob, fileNameOf(record.title, 'docx', { suffix: `${resultName(record)}（标出改动）` })))}>
        下载标出改动版
      </Button>
      <Button size="sm" variant="outline" disabled={!done} loading={working === 'report'} onClick={() => void run('report', async () => saveFile((await machineDownloadReport({ id: record.id })) as unknown as Blob, fileNameOf(record.title, 'docx', { suffix: report })))}>
        下载{report}
      </Button>
      {record.recheckId ? (
        <Button size="sm" variant="ghost" asChild>
          <Link to="/paper/report">查看改写稿的查重</Link>
        </Button>
      ) : (
        <Button size="sm" variant="outline" disabled={!done} onClick={recheck}>
          对改写稿查重
        </Button>
      )}
      {record.sourceCheckId && (record.source === 'check' || record.source === 'check-aigc') && (
        <Button
          size="sm"
          variant="outline"
          disabled={!done}
          loading={working === 'workbench'}
          onClick={() =>
            void run('workbench', async () => {
              const opened = await checkWorkbenchFromRewrite({ id: record.id });
              await navigate({ to: '/papercheck/workbench/$id', params: { id: opened.checkId } });
            })
          }
        >
          在改写工作台继续修改
        </Button>
      )}
      {charge.dialog}
    </Wrap>
  );
}

/** /papermachine/content/:id — original and rewrite side by side, changes highlighted, every figure shown. */
export function RewriteContentPage({ id }: { id: string }) {
  const signedIn = useSignedIn();
  const queryClient = useQueryClient();
  const record = usePaperMachineLoadById({ id }, { query: { enabled: signedIn, refetchInterval: (q) => (q.state.data && isUnderWay(q.state.data.status) ? POLL_MS : false) } });
  const pairs = usePaperMachineQueryContentList(
    { id, pageNo: 1, pageSize: 100 },
    {
      query: {
        enabled: signedIn,
        // While the record or a re-run paragraph is in work, and until every counted paragraph has arrived.
        refetchInterval: (q) =>
          (record.data && isUnderWay(record.data.status)) ||
          q.state.data?.records.some((p) => isUnderWay(p.status)) ||
          (record.data?.status === 'done' && (q.state.data?.total ?? 0) < record.data.paragraphTotal)
            ? POLL_MS
            : false,
      },
    },
  );
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: getPaperMachineQueryContentListQueryKey({ id, pageNo: 1, pageSize: 100 }) }),
      queryClient.invalidateQueries({ queryKey: getPaperMachineLoadByIdQueryKey({ id }) }),
    ]);
  };
  const task = record.data;
  // The record has just finished (or failed): fetch its pairs once more, the last paragraphs with it.
  const status = task?.status;
  useEffect(() => {
    if (status && !isUnderWay(status)) void queryClient.invalidateQueries({ queryKey: getPaperMachineQueryContentListQueryKey({ id, pageNo: 1, pageSize: 100 }) });
  }, [status, id, queryClient]);
  const fallback = queryFallback({ loading: record.isLoading, error: record.error, rows: 4, rowHeight: '48px' });
  return (
    <Stack gap="5">
      <PageHeader title="改写对比" icon="rewrite" description="左侧原文、右侧改写，删去的文字标红、新写的文字标绿；逐段可采纳或重新改写" />
      {fallback ?? (
        task && (
          <>
            <SectionCard title={task.title} extra={<StatusBadge status={task.status} />}>
              <Stack gap="3">
                <HStack gap="2" wrap="wrap">
                  <Badge variant="outline">{modeLabel(task)}</Badge>
                  {task.status === 'done' && task.offline && <OfflineLabel />}
                  {task.protectedTerms.length > 0 && <Text fontSize="sm">保护术语：{task.protectedTerms.join('、')}</Text>}
                </HStack>
                {isUnderWay(task.status) && (
                  <Progress.Root value={task.progress} colorPalette="brand" aria-label="降重进度">
                    <Progress.Track>
                      <Progress.Range />
                    </Progress.Track>
                    <Text fontSize="sm" mt="1">
                      正在改写：{task.progress}%（已完成 {task.paragraphRewritten} 段）
                    </Text>
                  </Progress.Root>
                )}
                {task.status === 'failed' && (
                  <Text color="red.600" role="alert">
                    {task.error ?? '降重失败，费用已退回'}
                  </Text>
                )}
                {task.status === 'done' && task.refundedFen > 0 && <RefundNote task={task} />}
                <SimpleGrid columns={{ base: 2, md: 5 }} gap="3">
                  <Figure label="改写前复制比" value={formatRatio(task.similarityBefore)} />
                  <Figure label="改写后复制比" value={formatRatio(task.similarityAfter)} />
                  <Figure label="AI字符占比（前→后）" value={`${formatRatio(task.aigcBefore)} → ${formatRatio(task.aigcAfter)}`} />
                  <Figure label="已改写段落" value={`${task.paragraphRewritten}/${task.paragraphTotal}`} />
                  <Figure label="采纳改写" value={`${task.paragraphAccepted} 段`} />
                </SimpleGrid>
                <RecordChecks task={task} />
                <Actions record={task} />
                {task.status === 'done' && <DownloadNote record={task} />}
              </Stack>
            </SectionCard>
            <SectionCard title="逐段对照" extra={task.status === 'done' && <FreeUsesNote action="reload" label="重新改写" />}>
              {queryFallback({ loading: pairs.isLoading, error: pairs.error, rows: 3, rowHeight: '96px' }) ?? (
                <Stack gap="3">
                  {(pairs.data?.records ?? []).length === 0 && <Text color="gray.500">{isUnderWay(task.status) ? '改写完成的段落会陆续显示在这里' : '没有段落'}</Text>}
                  {(pairs.data?.records ?? []).map((pair) => (
                    <PairCard key={pair.id} pair={pair} recordDone={task.status === 'done'} onChanged={refresh} />
                  ))}
                </Stack>
              )}
            </SectionCard>
          </>
        )
      )}
    </Stack>
  );
}
