import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useAccountInfoRevokeOtherSessions, useAccountInfoRevokeSession, useAccountInfoSessions } from '@/api/gen/auth/auth';
import type { AccountSession, SignInMethod } from '@/api/gen/model';
import { RecordTable } from '@/components/record-table';
import { notify } from '@/components/ui/toaster';
import { usePaging } from '@/components/use-paging';
import { formatDateTime } from '@/lib/time';
import { useAccountUpdate } from './use-account-update';

export const SIGN_IN_METHOD_LABELS: Record<SignInMethod, string> = {
  password: '密码登录',
  register: '注册后登录',
  qr: '扫码登录',
};

/** 登录设备: every live sign-in of the account; any but this one can be signed out, one by one or all at once. */
export function DeviceList() {
  const paging = usePaging();
  const query = useAccountInfoSessions(paging.params);
  const revoke = useAccountInfoRevokeSession();
  const revokeOthers = useAccountInfoRevokeOtherSessions();
  const { sessionsChanged } = useAccountUpdate();
  const [revoking, setRevoking] = useState<string | null>(null);
  const others = (query.data?.total ?? 0) - (query.data?.records.some((s) => s.current) ? 1 : 0);

  const signOut = async (session: AccountSession) => {
    setRevoking(session.id);
    try {
      await revoke.mutateAsync({ params: { id: session.id } });
      notify.success('该设备已退出登录');
    } finally {
      setRevoking(null);
      await sessionsChanged();
    }
  };
  const signOutOthers = async () => {
    const { revoked } = await revokeOthers.mutateAsync();
    notify.success(revoked > 0 ? `已退出其他 ${revoked} 台设备` : '没有其他设备登录');
    await sessionsChanged();
  };

  return (
    <Stack gap="3">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontSize="sm" color="gray.600">
          这里列出仍然有效的登录。看到不认识的设备，请退出它并修改密码。已设置密码的账号退出其他全部设备后，扫码登录过的手机下次扫码要输入密码确认。
        </Text>
        <Button size="sm" variant="outline" colorPalette="red" disabled={others <= 0} loading={revokeOthers.isPending} onClick={() => void signOutOthers().catch(() => undefined)}>
          退出其他全部设备
        </Button>
      </HStack>
      <RecordTable<AccountSession>
        label="登录设备"
        columns={[
          {
            key: 'device',
            label: '设备',
            render: (session) => (
              <HStack gap="2" wrap="wrap">
                <Text>{session.device ?? '未识别的浏览器'}</Text>
                {session.current && (
                  <Badge colorPalette="brand" variant="solid">
                    当前设备
                  </Badge>
                )}
              </HStack>
            ),
          },
          { key: 'method', label: '登录方式', render: (session) => SIGN_IN_METHOD_LABELS[session.method] },
          { key: 'createdAt', label: '登录时间', render: (session) => formatDateTime(session.createdAt) },
          { key: 'lastUsedAt', label: '最近使用', render: (session) => formatDateTime(session.lastUsedAt) },
          {
            key: 'actions',
            label: '操作',
            render: (session) =>
              session.current ? (
                <Text fontSize="sm" color="gray.500">
                  使用中
                </Text>
              ) : (
                <Button size="xs" variant="outline" aria-label={`退出 ${session.device ?? '未识别的浏览器'}（登录于 ${formatDateTime(session.createdAt)}）`} loading={revoking === session.id} onClick={() => void signOut(session).catch(() => undefined)}>
                  退出该设备
                </Button>
              ),
          },
        ]}
        records={query.data?.records}
        total={query.data?.total}
        loading={query.isLoading}
        error={query.error}
        pageNo={paging.pageNo}
        pageSize={paging.pageSize}
        onPageChange={paging.setPageNo}
        rowKey={(session) => session.id}
        emptyText="没有有效的登录"
      />
    </Stack>
  );
}
