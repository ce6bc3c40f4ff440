import { Box, Button, Center, Image, Spinner, Stack, Text } from '@chakra-ui/react';
import { RefreshCw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { qrImageUrl } from '@/lib/qr-image';
import { MOCK_MODE } from '@/mock-mode';
import { MockScanButton } from './mock-scan-button';
import { WechatQrFrame } from '@/components/wechat-qr-frame';
import { useQrLogin } from './use-qr-login';

export function QrPanel({ active, onToken }: { active: boolean; onToken: (token: string) => void }) {
  const { qr, expired, refresh } = useQrLogin({ active, onToken });
  if (qr?.provider === 'wechat') return <WechatQrFrame key={qr.id} src={qr.qrCode} expired={expired} onRefresh={() => void refresh()} />;
  return <LocalQr qr={qr} expired={expired} refresh={refresh} />;
}

function LocalQr({ qr, expired, refresh }: Pick<ReturnType<typeof useQrLogin>, 'qr' | 'expired' | 'refresh'>) {
  const [image, setImage] = useState<{ code: string; src: string } | null>(null);
  const code = qr?.qrCode;
  const src = image && image.code === code ? image.src : null;

  useEffect(() => {
    if (!code) return;
    let current = true;
    void qrImageUrl(code).then((url) => current && setImage({ code, src: url }));
    return () => {
      current = false;
    };
  }, [code]);

  return (
    <Stack align="center" gap="3">
      <Box
        as="button"
        position="relative"
        boxSize={{ base: '180px', md: '200px' }}
        bg="white"
        rounded="lg"
        borderWidth="1px"
        borderColor="gray.200"
        overflow="hidden"
        cursor="pointer"
        aria-label="二维码，点击刷新"
        title="点击刷新二维码"
        onClick={() => void refresh()}
      >
        {src ? (
          <Image src={src} alt="微信扫码登录二维码" w="full" h="full" />
        ) : (
          <Center h="full">
            <Spinner color="brand.solid" />
          </Center>
        )}
        {expired && (
          <Center position="absolute" inset="0" bg="whiteAlpha.900" flexDirection="column" gap="1">
            <Text fontSize="sm" color="gray.700">
              二维码已失效
            </Text>
            <Text fontSize="xs" color="brand.solid">
              点击刷新
            </Text>
          </Center>
        )}
      </Box>
      <Button size="xs" variant="ghost" color="gray.600" onClick={() => void refresh()}>
        <RefreshCw /> 刷新二维码
      </Button>
      {MOCK_MODE && qr && <MockScanButton key={qr.id} qrCode={qr.qrCode} />}
    </Stack>
  );
}
