import { Box, HStack, Text } from '@chakra-ui/react';
import { X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { DeferredMenu } from '@/components/ui/deferred-menu';
import { TAGS_VIEW_HEIGHT } from '../constants';
import type { TagView } from '@/stores/tags';
import { useTagActions } from './use-tag-actions';
import { useVisitedTags } from './use-visited-tags';

/** The spec's context menu width and the padding kept around a tag scrolled into view. */
const TAG_MENU_WIDTH = '105px';
const TAG_SCROLL_PADDING = '4px';

function Tag({ view, active, actions }: { view: TagView; active: boolean; actions: ReturnType<typeof useTagActions> }) {
  return (
    <DeferredMenu
      context
      onSelect={(value) => {
        if (value === 'refresh') actions.refresh(view);
        if (value === 'close') actions.close(view);
        if (value === 'close-others') actions.closeOthers(view);
        if (value === 'close-all') actions.closeAll(view);
      }}
      contentProps={{ w: TAG_MENU_WIDTH, minW: TAG_MENU_WIDTH, fontSize: 'sm' }}
      items={[
        { value: 'refresh', label: '刷新' },
        ...(view.affix ? [] : [{ value: 'close', label: '关闭' }]),
        { value: 'close-others', label: '关闭其他' },
        { value: 'close-all', label: '关闭所有' },
      ]}
      trigger={
        <HStack
          as="span"
          role="link"
          tabIndex={0}
          data-tag={view.path}
          data-active={active || undefined}
          aria-current={active ? 'page' : undefined}
          gap="1"
          h="26px"
          px="2.5"
          flexShrink={0}
          fontSize="xs"
          rounded="sm"
          borderWidth="1px"
          cursor="pointer"
          bg={active ? 'brand.solid' : 'white'}
          color={active ? 'brand.contrast' : 'gray.600'}
          borderColor={active ? 'brand.solid' : 'gray.200'}
          _hover={active ? undefined : { color: 'brand.solid' }}
          onClick={() => actions.navigateTo(view)}
          onKeyDown={(event) => event.key === 'Enter' && actions.navigateTo(view)}
        >
          {active && <Box boxSize="6px" rounded="full" bg="white" />}
          <Text as="span" whiteSpace="nowrap">
            {view.title}
          </Text>
          {!view.affix && (
            <Box
              as="button"
              aria-label={`关闭 ${view.title}`}
              display="grid"
              placeItems="center"
              rounded="full"
              boxSize="14px"
              _hover={{ bg: active ? 'whiteAlpha.400' : 'gray.300', color: active ? 'white' : 'gray.700' }}
              onClick={(event) => {
                event.stopPropagation();
                actions.close(view);
              }}
            >
              <X size={10} />
            </Box>
          )}
        </HStack>
      }
    />
  );
}

export function TagsView() {
  const visited = useVisitedTags();
  const tagActions = useTagActions();
  const scroller = useRef<HTMLDivElement>(null);
  const activePath = visited.find((view) => tagActions.isActive(view))?.path;

  useEffect(() => {
    const tag = scroller.current?.querySelector<HTMLElement>('[data-active]');
    tag?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activePath]);

  return (
    <HStack
      ref={scroller}
      aria-label="已访问页面"
      gap="1.5"
      px="3"
      h={TAGS_VIEW_HEIGHT}
      bg="white"
      borderBottomWidth="1px"
      borderColor="gray.200"
      overflowX="auto"
      scrollbarWidth="thin"
      scrollPaddingInline={TAG_SCROLL_PADDING}
      onWheel={(event) => {
        if (scroller.current) scroller.current.scrollLeft += event.deltaY;
      }}
    >
      {visited.map((view) => (
        <Tag key={view.path} view={view} active={view.path === activePath} actions={tagActions} />
      ))}
    </HStack>
  );
}
