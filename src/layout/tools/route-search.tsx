import { Box, IconButton, Input, Stack, Text } from '@chakra-ui/react';
import { type AnyRoute, useNavigate, useRouter } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { Search } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { searchablePages } from '@/router/menu';
import type { createRouteSearch } from '@/router/route-search';
import { sessionStore } from '@/stores/session';

/** Finds any page a student can open by itself, the sidebar's and the hidden ones (chat, 智能降重, AIGC检测 …). */
export function RouteSearch() {
  const router = useRouter();
  const roles = useSelector(sessionStore, (state) => state.roles);
  // fuse.js loads with the first opening of the box, not with the page.
  const [createSearch, setCreateSearch] = useState<typeof createRouteSearch>();
  const search = useMemo(
    () => createSearch?.(searchablePages(Object.values(router.routesById) as AnyRoute[], roles)),
    [createSearch, router, roles],
  );
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const results = search ? search(query).slice(0, 8) : [];

  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const go = (path: string) => {
    close();
    void navigate({ to: path });
  };

  return (
    <Box position="relative" display="flex" alignItems="center">
      <IconButton
        aria-label="搜索页面"
        title="搜索页面"
        variant="ghost"
        size="sm"
        onClick={() => {
          if (!createSearch) void import('@/router/route-search').then((module) => setCreateSearch(() => module.createRouteSearch));
          setOpen(true);
          queueMicrotask(() => input.current?.focus());
        }}
      >
        <Search />
      </IconButton>
      {open && (
        <Input
          ref={input}
          size="sm"
          w="200px"
          placeholder="搜索页面"
          aria-label="搜索页面"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onBlur={() => setTimeout(close, 150)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') close();
            if (event.key === 'Enter' && results[0]) go(results[0].path);
          }}
        />
      )}
      {open && results.length > 0 && (
        <Stack
          role="listbox"
          aria-label="搜索结果"
          position="absolute"
          top="100%"
          right="0"
          mt="1"
          w="260px"
          bg="white"
          shadow="lg"
          rounded="md"
          borderWidth="1px"
          py="1"
          gap="0"
          zIndex="dropdown"
        >
          {results.map((item) => (
            <Box
              key={item.path}
              role="option"
              aria-selected={false}
              px="3"
              py="2"
              cursor="pointer"
              _hover={{ bg: 'brand.subtle' }}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => go(item.path)}
            >
              <Text fontSize="sm">{item.title}</Text>
              <Text fontSize="xs" color="gray.500">
                {item.path}
              </Text>
            </Box>
          ))}
        </Stack>
      )}
    </Box>
  );
}
