import { Alert, Box, Button, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import type { PayChannel } from '@/api/gen/model';
import { QrImage } from '@/components/qr-image';
import { formatDateTime } from '@/lib/time';
import { MOCK_MODE } from '@/mock-mode';
import { PAY_CHANNEL_APPS, PAY_CHANNEL_COLORS, PAY_CHANNEL_LABELS } from './labels';
import { MockScanPayButton } from './mock-pay-button';

type Props = {
  channel: Exclude<PayChannel, 'sandbox'>;
  qrCode: string;
  orderNo: string;
  expiresAt: string;
  onCheck: () => void;
  checking: boolean;
  checkFailed: boolean;
};

/** WeChat Pay / Alipay: the channel's code to scan, the deadline, 我已支付, and what to do when the page does not notice. */
export function ScanToPay({ channel, qrCode, orderNo, expiresAt, onCheck, checking, checkFailed }: Props) {
  const label = PAY_CHANNEL_LABELS[channel];
  const app = PAY_CHANNEL_APPS[channel];
  const color = PAY_CHANNEL_COLORS[channel];
  return (
    <Stack gap="4" align="center">
      <Box boxSize="208px" p="1" bg="white" rounded="lg" borderWidth="3px" borderColor={color}>
        <QrImage code={qrCode} alt={`${label}付款二维码`} />
      </Box>
      <Stack gap="1" align="center" textAlign="center">
        <Text fontWeight="semibold" style={{ color }}>
          请用{app}“扫一扫”扫描二维码付款
        </Text>
        <Text fontSize="sm" color="gray.600">
          请在 {formatDateTime(expiresAt)} 前完成支付，逾期订单自动关闭
        </Text>
        {channel === 'alipay' ? (
          <Link href={qrCode} fontSize="sm" color="blue.600" display={{ base: 'inline', md: 'none' }}>
            在本机打开支付宝付款
          </Link>
        ) : (
          <Text fontSize="sm" color="gray.600" display={{ base: 'block', md: 'none' }}>
            在手机上：截图保存二维码，再在微信“扫一扫”里从相册选取
          </Text>
        )}
      </Stack>
      <HStack gap="2" color="gray.600" fontSize="sm" role="status">
        <Spinner size="sm" color="brand.solid" />
        <Text>等待支付结果…</Text>
      </HStack>
      <HStack gap="3" wrap="wrap" justify="center">
        <Button colorPalette="brand" size="sm" onClick={onCheck} loading={checking} loadingText="正在查询">
          我已支付
        </Button>
        {MOCK_MODE && <MockScanPayButton orderNo={orderNo} />}
      </HStack>
      <Alert.Root status={checkFailed ? 'warning' : 'info'} variant="subtle" fontSize="sm">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>已付款但本页没有变化？</Alert.Title>
          <Alert.Description>
            {checkFailed ? `暂时无法向${label}查询，请稍后再点“我已支付”。` : `点“我已支付”，本站立即向${label}查询，已付款项马上到账。`}
            请不要重复付款：本站每分钟都会自动向{label}核对，付款成功的订单一定会入账。超过 10 分钟仍未到账，请把{app}里的付款记录和订单号 {orderNo} 发给管理员。
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    </Stack>
  );
}
