import { useNavigate } from '@tanstack/react-router';
import { checkWorkbenchSubmitCheck } from '@/api/gen/check/check';
import { ChargeConfirmDialog } from '@/components/charge/charge-confirm-dialog';
import { notify } from '@/components/ui/toaster';
import { formatRatio } from '@/lib/number';

type Props = { checkId: string; estimatedRatio: number; onClose: () => void };

/**
 * A new 查重 of the edited paper against the whole library, asked as every charge is: the server's quote, then one
 * click that pays exactly the price shown (a price that moved since is refused and shown again, not charged).
 */
export function RecheckDialog({ checkId, estimatedRatio, onClose }: Props) {
  const navigate = useNavigate();
  return (
    <ChargeConfirmDialog
      title="确认支付：修改后重新查重"
      request={{ operation: 'checkWorkbenchSubmitCheck', id: checkId }}
      note={`修改后的全文与整个文献库比对（不使用首次免费查重）。工作台的估算为 ${formatRatio(estimatedRatio)}，新报告会与之对照并链接回本工作台。`}
      onConfirm={async (quote) => {
        await checkWorkbenchSubmitCheck({ priceFen: quote.priceFen }, { id: checkId });
        notify.success('已提交新的查重，完成后可在查重记录中查看报告');
        void navigate({ to: '/paper/report' });
      }}
      onClose={onClose}
    />
  );
}
