import { Menu, Portal } from '@chakra-ui/react';
import type { DeferredMenuProps } from './deferred-menu';

/** Chakra's Menu around the deferred menu's trigger; loaded on demand by DeferredMenu. */
export function MenuView({
  trigger,
  context,
  items,
  header,
  onSelect,
  contentProps,
  openAt,
}: DeferredMenuProps & {
  openAt: { x: number; y: number } | true | undefined;
}) {
  const Trigger = context ? Menu.ContextTrigger : Menu.Trigger;
  return (
    <Menu.Root defaultOpen={openAt !== undefined} anchorPoint={openAt && openAt !== true ? openAt : undefined} onSelect={({ value }) => onSelect(value)}>
      <Trigger asChild>{trigger}</Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content {...contentProps}>
            {header}
            {items.map((item, index) =>
              item === 'separator' ? (
                // Separators carry no identity of their own; their place in the list is stable.
                <Menu.Separator key={`separator-${index}`} />
              ) : (
                <Menu.Item key={item.value} value={item.value} disabled={item.disabled} aria-checked={item.checked} color={item.color}>
                  {item.label}
                </Menu.Item>
              ),
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
