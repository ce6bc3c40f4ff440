import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { checkWorkbenchSubmitCheck, useCheckWorkbenchCheckCost } from '@/api/gen/check/check';
import { notify } from '@/components/ui/toaster';
import { formatRatio, formatThousands, formatYuan } from '@/lib/number';

type Props = { checkId: string; estimatedRatio: number; onClose: () => void };

/** A new 查重 of the edited paper against the whole library: the price first, charged only on confirmation. */
export function RecheckDialog({ checkId, estimatedRatio, onClose }: Props) {
  const navigate = useNavigate();
  const cost = useCheckWorkbenchCheckCost({ id: checkId }, { query: { meta: { silent: true }, gcTime: 0 } });
  const submit = useMutation({
    mutationFn: (priceFen: number) => checkWorkbenchSubmitCheck({ priceFen }, { id: checkId }),
    meta: { silent: true },
    onSuccess: () => {
      notify.success('已提交新的查重，完成后可在查重记录中查看报告');
      void navigate({ to: '/paper/report' });
    },
  });
  const quote = cost.data;
  return (
    <Dialog.Root open onOpenChange={(event) => !event.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>重新查重修改后的论文</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {cost.isLoading && <Text>正在计算价格…</Text>}
              {cost.error && (
                <Text color="red.600" role="alert">
                  {cost.error.message}
                </Text>
              )}
              {quote && (
                <Text>
                  修改后的全文 {formatThousands(quote.charCount)} 字，与整个文献库比对（不是免费查重），价格 {formatYuan(quote.priceFen)}，当前余额{' '}
                  {formatYuan(quote.balanceFen)}。工作台的估算为 {formatRatio(estimatedRatio)}，新报告会与之对照并链接回本工作台。
                </Text>
              )}
              {quote && !quote.enough && (
                <Text color="red.600" fontSize="sm" mt="2">
                  余额不足，请先充值。
                </Text>
              )}
              {submit.error && (
                <Text color="red.600" fontSize="sm" role="alert" mt="3">
                  {submit.error.message}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                取消
              </Button>
              <Button colorPalette="brand" disabled={!quote?.enough} loading={submit.isPending} onClick={() => quote && submit.mutate(quote.priceFen)}>
                {quote ? `确认支付 ${formatYuan(quote.priceFen)} 并查重` : '确认支付'}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
