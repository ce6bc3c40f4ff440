import { Box, Button, Center, Stack, Text } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';

/**
 * WeChat's own QR page in a frame, as WeChat's wxLogin.js embeds it (no third-party script on our page):
 * after the scan WeChat sends the frame to our callback, which says what happened, while the page around
 * it collects the token by its poll.
 */
export function WechatQrFrame({ src, expired, onRefresh, title = '微信扫码登录' }: { src: string; expired: boolean; onRefresh: () => void; title?: string }) {
  return (
    <Stack align="center" gap="2">
      <Box position="relative" w="300px" maxW="full" h="400px" bg="white" rounded="lg" overflow="hidden">
        <iframe src={src} title={title} width="100%" height="100%" style={{ border: 0 }} sandbox="allow-scripts allow-same-origin allow-forms" />
        {expired && (
          <Center position="absolute" inset="0" bg="whiteAlpha.900" flexDirection="column" gap="1">
            <Text fontSize="sm" color="gray.700">
              二维码已失效
            </Text>
          </Center>
        )}
      </Box>
      <Text fontSize="xs" color="gray.600">
        请使用微信扫一扫，在手机上确认
      </Text>
      <Button size="xs" variant="ghost" color="gray.600" onClick={onRefresh}>
        <RefreshCw /> 刷新二维码
      </Button>
    </Stack>
  );
}
