import { Badge } from '@chakra-ui/react';

const TASK_STATUS: Record<string, { label: string; palette: string }> = {
  draft: { label: '待提交', palette: 'gray' },
  queued: { label: '排队中', palette: 'purple' },
  running: { label: '处理中', palette: 'blue' },
  done: { label: '已完成', palette: 'green' },
  failed: { label: '失败', palette: 'red' },
  cancelled: { label: '已取消', palette: 'gray' },
  pending: { label: '待支付', palette: 'orange' },
  paid: { label: '已支付', palette: 'green' },
  refunded: { label: '已退款', palette: 'purple' },
  closed: { label: '已关闭', palette: 'gray' },
};

/** Status values are contract enums; their Chinese labels live here. */
export function StatusBadge({ status }: { status?: string | null }) {
  if (!status) return null;
  const known = TASK_STATUS[status] ?? { label: status, palette: 'gray' };
  return (
    <Badge colorPalette={known.palette} variant="subtle">
      {known.label}
    </Badge>
  );
}
