import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { checkWorkbenchSuggest, checkWorkbenchSuggestModel } from '@/api/gen/check/check';
import type { SentenceMark, WorkbenchSuggestion, WorkbenchSuggestions } from '@/api/gen/model';
import { ApiError } from '@/api/http';
import { useChargeConfirm } from '@/components/charge/use-charge-confirm';
import { notify } from '@/components/ui/toaster';
import { formatRatio, formatYuan } from '@/lib/number';
import type { Selection } from '../report/paragraph-list';
import { sliceText } from '../report/segments';

export const MARK_LABELS: Record<SentenceMark, { label: string; palette: string }> = {
  red: { label: '标红', palette: 'red' },
  orange: { label: '标橙', palette: 'orange' },
  cited: { label: '引用', palette: 'green' },
  none: { label: '未标色', palette: 'gray' },
};

export function MarkBadge({ mark }: { mark: SentenceMark }) {
  return (
    <Badge size="sm" colorPalette={MARK_LABELS[mark].palette} variant="subtle">
      {MARK_LABELS[mark].label}
    </Badge>
  );
}

/** Failures after the charge: the server refunds them (server/services/workbench/suggest.ts). */
const REFUNDED = ['MODEL_BUSY', 'MODEL_ACCOUNT_BUSY', 'MODEL_TIMEOUT', 'MODEL_UNAVAILABLE', 'ENGINE_UNAVAILABLE', 'INTERNAL_ERROR'];

type Props = { checkId: string; text: string; selection: Selection; onTake: (paragraph: string, edit: boolean) => void };

/**
 * 换个说法 for the selected sentence: the offline engine's (free) and, when a model is configured, the model's
 * (paid, asked through the shared charge confirmation), each re-checked against this check's sources and scored by
 * our AIGC detector in its paragraph.
 */
export function Suggestions({ checkId, text, selection, onTake }: Props) {
  const [found, setFound] = useState<WorkbenchSuggestions | null>(null);
  const [loading, setLoading] = useState(false);
  const charge = useChargeConfirm();
  const body = { id: checkId, index: selection.paragraph, paragraph: text, start: selection.start, end: selection.end };
  const chars = Array.from(text);
  const put = (s: WorkbenchSuggestion) => chars.slice(0, selection.start).join('') + s.text + chars.slice(selection.end).join('');

  const ask = async () => {
    setLoading(true);
    try {
      setFound(await checkWorkbenchSuggest(body));
    } catch (error) {
      notify.error(error instanceof Error ? error.message : '暂时无法给出建议，请稍后重试');
    } finally {
      setLoading(false);
    }
  };
  const askModel = () =>
    charge.ask({
      title: '确认支付：大模型换个说法',
      request: { operation: 'checkWorkbenchSuggestModel', ...body },
      note: '大模型出错或没有给出可用的说法时，这笔扣费自动退回余额。',
      onConfirm: async (quote) => {
        try {
          const answer = await checkWorkbenchSuggestModel({ ...body, priceFen: quote.priceFen });
          setFound((before) => (before ? { ...answer, suggestions: [...answer.suggestions, ...before.suggestions] } : answer));
          if (!answer.suggestions.length) notify.error('大模型没有给出可用的说法，已退款');
        } catch (error) {
          if (error instanceof ApiError && REFUNDED.includes(error.code)) throw new ApiError(error.status, error.code, `${error.message}（已退款）`);
          throw error;
        }
      },
    });

  if (!found) {
    return (
      <Button size="sm" colorPalette="brand" variant="outline" loading={loading} onClick={() => void ask()}>
        换个说法（免费）
      </Button>
    );
  }
  const quote = found.modelQuote;
  return (
    <Stack gap="3" aria-label="换个说法">
      <Text fontSize="sm" color="gray.600">
        原句 <MarkBadge mark={found.mark} /> · AI 概率 {formatRatio(found.aiProbability)}：{sliceText(text, selection.start, selection.end)}
      </Text>
      {found.suggestions.length === 0 && (
        <Text fontSize="sm" color="gray.500">
          离线引擎没有找到不改变术语的安全改法，请手动修改这一句。
        </Text>
      )}
      {found.suggestions.map((s) => (
        <Box key={`${s.source}-${s.text}`} borderWidth="1px" rounded="md" p="3" data-testid="suggestion">
          <HStack gap="2" mb="1" wrap="wrap">
            <Badge size="sm" variant="outline">
              {s.source === 'offline' ? '离线引擎 · 免费' : '大模型 · 已扣费'}
            </Badge>
            <MarkBadge mark={s.mark} />
            <Text fontSize="xs" color="gray.600">
              重复 {s.matchedChars} 字 · AI 概率 {formatRatio(s.aiProbability)}
            </Text>
          </HStack>
          <Text mb="2" data-testid="suggestion-text">
            {s.text}
          </Text>
          <HStack gap="2">
            <Button size="xs" colorPalette="brand" onClick={() => onTake(put(s), false)}>
              采用
            </Button>
            <Button size="xs" variant="outline" onClick={() => onTake(put(s), true)}>
              采用后再改
            </Button>
          </HStack>
        </Box>
      ))}
      {quote && (
        <Button size="sm" variant="outline" disabled={charge.asking} onClick={askModel}>
          用大模型换个说法（{formatYuan(quote.priceFen)}）
        </Button>
      )}
      {charge.dialog}
    </Stack>
  );
}
