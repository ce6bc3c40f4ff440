import { IconButton, Menu, Portal } from '@chakra-ui/react';
import { useSelector } from '@tanstack/react-store';
import { ALargeSmall } from 'lucide-react';
import { notify } from '@/components/ui/toaster';
import { SIZES, type Size, appStore } from '@/stores/app';

const SIZE_LABELS: Record<Size, string> = { default: '默认', medium: '中等', small: '小', mini: '迷你' };
const SIZE_SWITCHED = 'Switch Size Success';

export function SizeSelect() {
  const size = useSelector(appStore, (state) => state.size);
  return (
    <Menu.Root
      onSelect={({ value }) => {
        appStore.actions.setSize(value as Size);
        notify.success(SIZE_SWITCHED);
      }}
    >
      <Menu.Trigger asChild>
        <IconButton aria-label="布局大小" title="布局大小" variant="ghost" size="sm">
          <ALargeSmall />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="120px">
            {SIZES.map((item) => (
              <Menu.Item key={item} value={item} disabled={item === size} aria-checked={item === size}>
                {SIZE_LABELS[item]}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
