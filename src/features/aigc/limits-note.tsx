import { Alert, List } from '@chakra-ui/react';
import type { AigcDetector } from '@/api/gen/model';
import { formatRatio } from '@/lib/number';
import { BAND_LABELS } from './labels';

/** What the figure can and cannot say, with the detector's measured false-accusation rate. */
export function LimitsNote({ detector }: { detector: AigcDetector }) {
  const { bands } = detector;
  return (
    <Alert.Root status="info" variant="subtle" alignItems="flex-start" data-testid="limits-note">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>关于检测的局限</Alert.Title>
        <Alert.Description>
          <List.Root gap="1" fontSize="sm" ps="4" mt="1">
            <List.Item>结果是统计模型给出的概率估计，不是事实认定，不能证明文字由人或由机器写成，不应作为处分的唯一依据。</List.Item>
            <List.Item>
              误判率：在留出的人类学术写作（大模型出现之前的论文摘要）上，本检测器把{' '}
              <strong>{detector.falseAccusationRate === null ? '（未测量）' : formatRatio(detector.falseAccusationRate)}</strong> 的文本判为 AI 生成。
            </List.Item>
            <List.Item>
              句子的机器生成概率不低于 {detector.threshold} 即计入 AI 字符占比；分档：{BAND_LABELS.high} ≥ {formatRatio(bands.high)}，{BAND_LABELS.medium} ≥{' '}
              {formatRatio(bands.medium)}，{BAND_LABELS.low} ≥ {formatRatio(bands.low)}，其余{BAND_LABELS.none}。
            </List.Item>
            <List.Item>只支持中文；标题等很短的段落不作判定；公式化的写作（综述、模板化摘要）更容易被误判，请结合写作过程材料判断。</List.Item>
            <List.Item>
              检测方式：{detector.llm ? '离线模型结合大模型对数概率' : '离线模型（未使用大模型）'}，{detector.name} {detector.version}。
            </List.Item>
          </List.Root>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
