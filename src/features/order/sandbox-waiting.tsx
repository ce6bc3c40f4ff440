import { Button, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { ExternalLink } from 'lucide-react';
import { MOCK_MODE } from '@/mock-mode';
import { MockPayButton } from './mock-pay-button';
import { payPageHref } from './pay-page';

/** 沙箱支付: its page opened in a new tab; this waits for the confirmation there. */
export function SandboxWaiting({ payUrl, onCheck, checking }: { payUrl: string; onCheck: () => void; checking: boolean }) {
  return (
    <Stack gap="4">
      <Text color="gray.600" fontSize="sm">
        已在新窗口打开“沙箱支付”页面，请在该页面点击“确认支付”。支付完成后本页会自动更新。
      </Text>
      <HStack gap="2" color="gray.600" fontSize="sm" role="status">
        <Spinner size="sm" color="brand.solid" />
        <Text>等待支付结果…</Text>
      </HStack>
      <HStack gap="3" wrap="wrap">
        <Button asChild colorPalette="brand" size="sm">
          <Link href={payPageHref(payUrl)} target="_blank" rel="noopener" _hover={{ textDecoration: 'none' }}>
            打开支付页面 <ExternalLink size={14} />
          </Link>
        </Button>
        <Button variant="outline" size="sm" onClick={onCheck} loading={checking}>
          我已支付
        </Button>
        {MOCK_MODE && <MockPayButton payUrl={payUrl} />}
      </HStack>
    </Stack>
  );
}
