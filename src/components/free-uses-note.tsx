import { Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import type { FreeUsesUses } from '@/api/gen/model';
import { getAccountInfoFreeUsesQueryKey, useAccountInfoFreeUses } from '@/api/gen/system/system';
import { useSignedIn } from './use-signed-in';

export type FreeAction = keyof FreeUsesUses;

/**
 * 今日免费 N 次，剩余 M 次 beside a model action that is not charged (the server's daily free allowance, per
 * account and network address), after `label` when the place does not say which action it is; nothing for
 * visitors, or while it is not known.
 */
export function FreeUsesNote({ action, label }: { action: FreeAction; label?: string }) {
  const signedIn = useSignedIn();
  const { data } = useAccountInfoFreeUses({ query: { enabled: signedIn, meta: { silent: true } } });
  const use = data?.uses[action];
  if (!signedIn || !use) return null;
  const spent = use.remaining === 0;
  const text = spent ? `今日免费 ${use.perDay} 次已用完，明天再来` : `今日免费 ${use.perDay} 次，剩余 ${use.remaining} 次`;
  return (
    <Text fontSize="xs" color={spent ? 'red.600' : 'gray.600'} data-testid={`free-uses-${action}`}>
      {label ? `${label}：${text}` : text}
    </Text>
  );
}

/** Call after a free use (or its refusal), so the notes show what is left. */
export function useRefreshFreeUses(): () => void {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: getAccountInfoFreeUsesQueryKey() });
}
