import { IconButton } from '@chakra-ui/react';
import { useSelector } from '@tanstack/react-store';
import { ALargeSmall } from 'lucide-react';
import { DeferredMenu } from '@/components/ui/deferred-menu';
import { notify } from '@/components/ui/toaster';
import { SIZES, type Size, appStore } from '@/stores/app';

const SIZE_LABELS: Record<Size, string> = { default: '默认', medium: '中等', small: '小', mini: '迷你' };
const SIZE_SWITCHED = 'Switch Size Success';

export function SizeSelect() {
  const size = useSelector(appStore, (state) => state.size);
  return (
    <DeferredMenu
      onSelect={(value) => {
        appStore.actions.setSize(value as Size);
        notify.success(SIZE_SWITCHED);
      }}
      trigger={
        <IconButton aria-label="布局大小" title="布局大小" variant="ghost" size="sm">
          <ALargeSmall />
        </IconButton>
      }
      contentProps={{ minW: '120px' }}
      items={SIZES.map((item) => ({ value: item, label: SIZE_LABELS[item], disabled: item === size, checked: item === size }))}
    />
  );
}
