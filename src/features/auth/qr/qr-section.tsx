import { Box, Button, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronUp } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { QrPanel } from './qr-panel';

type Props = {
  /** Polling runs only while the code is shown. */
  active: boolean;
  onToken: (token: string) => void;
  title: (text: string) => ReactNode;
  /** On a phone the code is a second choice: folded away until asked for (a phone cannot scan itself). */
  collapsible: boolean;
};

/** 微信扫码登录: the spec's title and text with the QR code. */
export function QrSection({ active, onToken, title, collapsible }: Props) {
  const [open, setOpen] = useState(false);
  const codeId = useId();
  const shown = !collapsible || open;

  return (
    <Stack align="center" gap="2" px="6" py={collapsible ? 5 : 8} bg="brand.subtle" textAlign="center" h="full">
      {title('微信扫码登录')}
      <Text fontSize="sm" color="brand.fg" fontWeight="medium">
        微信扫码登录首次免费查重
      </Text>
      {collapsible && (
        <Button size="sm" variant="outline" colorPalette="brand" aria-expanded={open} aria-controls={codeId} onClick={() => setOpen(!open)}>
          {open ? '收起二维码' : '显示二维码'}
          {open ? <ChevronUp /> : <ChevronDown />}
        </Button>
      )}
      <Box id={codeId} mt="2" hidden={!shown}>
        {shown && <QrPanel active={active} onToken={onToken} />}
      </Box>
    </Stack>
  );
}
