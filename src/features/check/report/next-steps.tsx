import { Box, Button, Flex, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import { useAccountInfoAccount } from '@/api/gen/auth/auth';
import { paperAigcMachineInit } from '@/api/gen/aigc/aigc';
import type { CheckReport, RewriteTask } from '@/api/gen/model';
import { machineDelete, machineMachineCnkiInit, machineMachineCnkiSubmit } from '@/api/gen/rewrite/rewrite';
import { RouteIcon } from '@/components/route-icon';
import { SectionCard } from '@/components/section-card';
import { formatYuan } from '@/lib/number';

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : '操作失败，请稍后重试');

/** The sentences the report marked red: what 学术库降重 rewrites. */
const redSentences = (report: CheckReport) =>
  report.paragraphs.reduce((sum, paragraph) => sum + paragraph.sentences.filter((sentence) => sentence.mark === 'red').length, 0);

/** The price of a 学术库降重 made from this report, with the balance before and after, asked once before paying. */
function ConfirmRewrite({ draft, onPay, onCancel, paying }: { draft: RewriteTask; onPay: () => void; onCancel: () => void; paying: boolean }) {
  const { data: account } = useAccountInfoAccount();
  const balance = account?.balanceFen;
  const short = balance !== undefined && balance < draft.priceFen;
  return (
    <Stack gap="2" p="3" rounded="md" bg="brand.subtle" role="group" aria-label="确认学术库降重费用">
      <Text fontSize="sm">
        全文 {draft.charCount.toLocaleString('zh-CN')} 字，只改写本报告标红的句子。费用 <strong>{formatYuan(draft.priceFen)}</strong>
        （沿用本报告，不再收查重费）
      </Text>
      {balance !== undefined && (
        <Text fontSize="sm" color={short ? 'red.600' : 'gray.700'}>
          当前余额 {formatYuan(balance)}
          {short ? '，余额不足' : `，支付后余额 ${formatYuan(balance - draft.priceFen)}`}
          {short && (
            <ChakraLink asChild color="brand.solid" ml="2">
              <Link to="/order/recharge">去充值</Link>
            </ChakraLink>
          )}
        </Text>
      )}
      <HStack gap="2">
        <Button size="sm" colorPalette="brand" loading={paying} disabled={short || balance === undefined} onClick={onPay}>
          确认支付 {formatYuan(draft.priceFen)} 并开始
        </Button>
        <Button size="sm" variant="outline" disabled={paying} onClick={onCancel}>
          取消
        </Button>
      </HStack>
    </Stack>
  );
}

function Step({ icon, title, text, children }: { icon: 'cnki' | 'aigc'; title: string; text: string; children: ReactNode }) {
  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap="3" align={{ md: 'flex-start' }} py="3" borderTopWidth="1px" borderColor="gray.100" _first={{ borderTopWidth: 0, pt: 0 }}>
      <Flex boxSize="32px" rounded="md" bg="brand.subtle" color="brand.solid" align="center" justify="center" flexShrink={0}>
        <RouteIcon name={icon} size={16} />
      </Flex>
      <Stack gap="2" flex="1" minW="0">
        <Text fontWeight="medium">{title}</Text>
        <Text fontSize="sm" color="gray.600">
          {text}
        </Text>
        {children}
      </Stack>
    </Flex>
  );
}

/**
 * What the student can do next from this report, without pasting the paper again: 学术库降重 of the
 * sentences it marked red (it reuses this report: no second 查重 is charged), and AIGC检测 of the same text.
 */
export function NextSteps({ report }: { report: CheckReport }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<RewriteTask | null>(null);
  const [busy, setBusy] = useState<'quote' | 'pay' | 'aigc' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const red = redSentences(report);

  const run = async (what: 'quote' | 'pay' | 'aigc', work: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(null);
    }
  };
  const quote = () => run('quote', async () => setDraft(await machineMachineCnkiInit({ title: report.title, checkId: report.id })));
  const pay = () =>
    run('pay', async () => {
      const record = await machineMachineCnkiSubmit({ id: draft!.id });
      await navigate({ to: '/papermachine/content/$id', params: { id: record.id } });
    });
  // The unpaid draft goes again, so that a change of mind leaves no record behind.
  const cancel = () => run('quote', async () => {
    const id = draft!.id;
    setDraft(null);
    await machineDelete({ id });
  });
  const detect = () =>
    run('aigc', async () => {
      const detection = await paperAigcMachineInit({ title: report.title, checkId: report.id });
      await navigate({ to: '/aigccheck/content/$id', params: { id: detection.id } });
    });

  return (
    <Box role="region" aria-label="下一步">
    <SectionCard title="下一步">
      <Stack gap="0">
        <Step
          icon="cnki"
          title="学术库降重：只改写本报告标红的句子"
          text={
            red > 0
              ? `本报告标红 ${red} 句。直接沿用这份报告改写，不必重新粘贴，也不再收一次查重费。`
              : '本报告没有标红的句子，不需要降重。'
          }
        >
          {draft ? (
            <ConfirmRewrite draft={draft} paying={busy === 'pay'} onPay={() => void pay()} onCancel={() => void cancel()} />
          ) : (
            <Button size="sm" colorPalette="brand" alignSelf="flex-start" disabled={red === 0} loading={busy === 'quote'} onClick={() => void quote()}>
              按本报告学术库降重
            </Button>
          )}
        </Step>
        <Step icon="aigc" title="AIGC检测：同一篇论文的 AI 生成痕迹" text="检测这份报告的原文，不必重新上传；下一页显示费用，确认后再支付。">
          <Button size="sm" variant="outline" alignSelf="flex-start" loading={busy === 'aigc'} onClick={() => void detect()}>
            检测本文 AIGC
          </Button>
        </Step>
      </Stack>
      {error && (
        <Text color="red.600" fontSize="sm" role="alert" mt="2">
          {error}
        </Text>
      )}
    </SectionCard>
    </Box>
  );
}
