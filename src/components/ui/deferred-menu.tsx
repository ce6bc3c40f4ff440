import type { HTMLChakraProps } from '@chakra-ui/react';
import { type MouseEvent, type ReactElement, type ReactNode, cloneElement, lazy, Suspense, useEffect, useState } from 'react';

// Chakra's menu (its state machine and the floating-ui positioning, about 20 kB gzip) is not part of any
// page's first load: the trigger renders at once and the menu code loads right after the first paint. A
// click (or a right click on a context trigger) before it has arrived opens the menu as soon as it has.
const loadMenuView = () => import('./menu-view');
const MenuView = lazy(() => loadMenuView().then((module) => ({ default: module.MenuView })));

export type DeferredMenuItem =
  | {
      value: string;
      label: ReactNode;
      disabled?: boolean;
      checked?: boolean;
      color?: string;
    }
  | 'separator';

export interface DeferredMenuProps {
  /** The element that opens the menu (a button, or any element for a context menu). */
  trigger: ReactElement<{
    onClick?: (event: MouseEvent) => void;
    onContextMenu?: (event: MouseEvent) => void;
  }>;
  /** Opens on a right click at the pointer instead of on a click. */
  context?: boolean;
  items: DeferredMenuItem[];
  /** Shown above the items. */
  header?: ReactNode;
  onSelect: (value: string) => void;
  contentProps?: HTMLChakraProps<'div'>;
}

export function DeferredMenu(props: DeferredMenuProps) {
  const [openAt, setOpenAt] = useState<{ x: number; y: number } | true>();
  useEffect(() => {
    void loadMenuView();
  }, []);
  const { trigger, context } = props;
  const placeholder = cloneElement(
    trigger,
    context
      ? {
          onContextMenu: (event: MouseEvent) => {
            event.preventDefault();
            setOpenAt({ x: event.clientX, y: event.clientY });
          },
        }
      : {
          onClick: (event: MouseEvent) => {
            trigger.props.onClick?.(event);
            setOpenAt(true);
          },
        },
  );
  return (
    <Suspense fallback={placeholder}>
      <MenuView {...props} openAt={openAt} />
    </Suspense>
  );
}
