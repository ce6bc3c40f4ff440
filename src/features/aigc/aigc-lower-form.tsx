import { Button, Field, Link as ChakraLink, NativeSelect, SegmentGroup, Stack, Text } from '@chakra-ui/react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { paperAigcAigcMachineSubmit, usePaperAigcQueryList } from '@/api/gen/aigc/aigc';
import type { AigcLowerMode } from '@/api/gen/model';
import { useChargeConfirm } from '@/components/charge/use-charge-confirm';
import { useCapabilities } from '@/components/use-capabilities';
import { useSignedIn } from '@/components/use-signed-in';
import { formatRatio } from '@/lib/number';
import { appStore } from '@/stores/app';
import { type SubmitFailure, SubmitError } from '@/components/submit-error';

/** Each way of lowering in one sentence. */
export const LOWER_MODE_EXPLAINED: Record<AigcLowerMode, string> = {
  rewrite: '降AIGC：按研究者的写作习惯重写被标出的段落（句子长短错落、少用套话和模板化连接词），多个候选中取本站检测器判为 AI 概率最低的一个。',
  strong: '强力：更大幅度地重组被标出段落的句子结构，适合 AI 概率很高的段落。',
  polish: '润色：在降低 AI 痕迹的同时重在语句通顺与学术规范，改动最小。',
};

const MODES: Array<{ value: AigcLowerMode; label: string }> = [
  { value: 'rewrite', label: '降AIGC' },
  { value: 'strong', label: '强力' },
  { value: 'polish', label: '润色' },
];

/** Who will rewrite on this instance and how it is priced, said before anything is paid. */
function EngineNote() {
  const { data } = useCapabilities();
  return (
    <Text fontSize="xs" color="gray.600" data-testid="lower-engine" data-engine={data?.rewriteEngine}>
      只按被标出段落的字数计价，付款前先显示费用与支付后余额，确认后才扣费；失败或没有改写任何一段时全额退款。
      {data?.rewriteEngine === 'offline' &&
        '本站未配置大模型：将由离线引擎改写并标明“离线”，按离线引擎的价格计费（低于大模型改写）。离线引擎只替换词语、不改变写法，很少能降低 AI 概率：本站检测器判定没有降低的段落保持原文。'}
      {data?.rewriteEngine === 'model' && '本站由大模型改写。'}
    </Text>
  );
}

/**
 * Pick one of your finished AIGC detections and a way of lowering: only the paragraphs the detector flagged
 * (中度、高度疑似) are rewritten, then every paragraph is scored again by the same detector; the comparison
 * view shows each paragraph's AI probability before and after.
 */
export function AigcLowerForm() {
  const signedIn = useSignedIn();
  const navigate = useNavigate();
  const detections = usePaperAigcQueryList({ kind: 'detect', status: 'done' }, { pageNo: 1, pageSize: 50 }, { query: { enabled: signedIn } });
  const flagged = (detections.data?.records ?? []).filter((r) => r.paragraphFlagged > 0);
  const [chosen, setChosen] = useState<string | null>(null);
  const [mode, setMode] = useState<AigcLowerMode>('rewrite');
  const [error, setError] = useState<SubmitFailure | null>(null);
  const charge = useChargeConfirm();
  const id = chosen ?? flagged[0]?.id ?? '';

  const submit = () => {
    setError(null);
    if (!signedIn) {
      appStore.actions.openLogin();
      return;
    }
    if (!id) return setError({ message: '请先选择一份已完成的 AIGC 检测' });
    charge.ask({
      title: `确认支付：${MODES.find((m) => m.value === mode)?.label ?? '降AIGC'}`,
      request: { operation: 'paperAigcAigcMachineSubmit', id, mode },
      onConfirm: async () => {
        const record = await paperAigcAigcMachineSubmit({ id, mode });
        await navigate({ to: '/papermachine/content/$id', params: { id: record.id } });
      },
    });
  };

  return (
    <form
      aria-label="降AIGC"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="4">
        {signedIn && detections.isSuccess && flagged.length === 0 ? (
          <Text fontSize="sm" color="gray.600" data-testid="lower-none">
            还没有标出疑似 AI 生成段落的检测结果。请先
            <ChakraLink asChild color="brand.solid" mx="1">
              <Link to="/aigccheck/check">做一次 AIGC 检测</Link>
            </ChakraLink>
            ，再回来降低 AI 痕迹。
          </Text>
        ) : (
          <Field.Root>
            <Field.Label>选择检测结果</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field aria-label="检测结果" value={id} onChange={(e) => setChosen(e.target.value)}>
                {flagged.map((r) => (
                  <option key={r.id} value={r.id}>
                    {`${r.title}（AI字符占比 ${formatRatio(r.aiCharRatio)}，标出 ${r.paragraphFlagged}/${r.paragraphTotal} 段）`}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        )}
        <SegmentGroup.Root value={mode} onValueChange={(d) => setMode(d.value as AigcLowerMode)} alignSelf="flex-start">
          <SegmentGroup.Indicator />
          <SegmentGroup.Items items={MODES} />
        </SegmentGroup.Root>
        <Text fontSize="sm" color="gray.700" data-testid="lower-mode-explained">
          {LOWER_MODE_EXPLAINED[mode]}
        </Text>
        <EngineNote />
        <SubmitError error={error} />
        <Button type="submit" colorPalette="brand" size="lg" alignSelf={{ base: 'stretch', md: 'flex-start' }}>
          {signedIn ? '开始降AIGC' : '登录后提交'}
        </Button>
      </Stack>
      {charge.dialog}
    </form>
  );
}
