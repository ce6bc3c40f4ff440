import { Avatar, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useSelector } from '@tanstack/react-store';
import { ChevronDown, LogOut, ShoppingBag, UserRound } from 'lucide-react';
import { DeferredMenu } from '@/components/ui/deferred-menu';
import { appStore } from '@/stores/app';
import { DEFAULT_AVATAR, sessionStore } from '@/stores/session';
import { currentUserQuery } from './api/current-user';
import { useLogout } from './use-logout';

/** The spec shows the avatar at 80x80. */
const AVATAR_SIZE = '80px';

/** Sign-in button without a user id; the user ID with its menu otherwise. */
export function UserArea() {
  const token = useSelector(sessionStore, (state) => state.token);
  const { data: user } = useQuery({ ...currentUserQuery(), enabled: Boolean(token) });
  const navigate = useNavigate();
  const logout = useLogout();

  if (!token || !user?.id) {
    return (
      <Button size="sm" colorPalette="brand" onClick={() => appStore.actions.openLogin()}>
        登录
      </Button>
    );
  }

  const avatar = user.avatar || DEFAULT_AVATAR;
  return (
    <DeferredMenu
      onSelect={(value) => {
        if (value === 'account') void navigate({ to: '/order/account' });
        if (value === 'taocan') void navigate({ to: '/order/taocan' });
        if (value === 'logout') void logout();
      }}
      trigger={
        <Button variant="ghost" size="sm" px="2" aria-label={`用户菜单 ID: ${user.id}`}>
          <Avatar.Root size="2xs">
            <Avatar.Image src={avatar} alt="" />
            <Avatar.Fallback name={user.loginName} />
          </Avatar.Root>
          <Text as="span" fontSize="sm" data-testid="user-id" truncate maxW={{ base: '96px', md: 'none' }}>
            ID: {user.id}
          </Text>
          <ChevronDown />
        </Button>
      }
      contentProps={{ minW: '200px' }}
      header={
        <HStack gap="3" px="2" py="2">
          <Box asChild boxSize={AVATAR_SIZE} rounded="full" objectFit="cover" flexShrink={0}>
            <img src={avatar} width={80} height={80} alt="头像" />
          </Box>
          <Stack gap="0" minW="0">
            <Text fontWeight="semibold" truncate>
              {user.loginName}
            </Text>
            <Text fontSize="xs" color="gray.500">
              ID: {user.id}
            </Text>
          </Stack>
        </HStack>
      }
      items={[
        'separator',
        {
          value: 'account',
          label: (
            <>
              <UserRound size={16} /> 账户中心
            </>
          ),
        },
        {
          value: 'taocan',
          label: (
            <>
              <ShoppingBag size={16} /> 购买套餐
            </>
          ),
        },
        'separator',
        {
          value: 'logout',
          label: (
            <>
              <LogOut size={16} /> 退出登录
            </>
          ),
          color: 'red.600',
        },
      ]}
    />
  );
}
