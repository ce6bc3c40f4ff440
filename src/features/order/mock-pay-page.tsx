import { Badge, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { MOCK_PAY_CHANNEL, type MockPayAnswer, type MockPayRequest } from './mock-pay-channel';

const WAIT_MS = 5000;

/**
 * /pay/sandbox/:orderId in fully mocked mode (`npm run dev`): a stand-in for the server's 沙箱支付 page. Its 确认支付
 * asks the tab that placed the order to confirm it with that tab's mocked server; the status follows the answer.
 */
export function MockPayPage({ orderId, token }: { orderId: string; token: string }) {
  const [state, setState] = useState<{ status: '待支付' | '正在支付' | '已支付'; message: string | null }>({ status: '待支付', message: null });
  const channel = useRef<BroadcastChannel | null>(null);
  useEffect(() => {
    const opened = new BroadcastChannel(MOCK_PAY_CHANNEL);
    opened.addEventListener('message', ({ data }: MessageEvent<MockPayAnswer>) => {
      if (data.orderId !== orderId) return;
      setState(data.kind === 'paid' ? { status: '已支付', message: '支付成功，余额已到账' } : { status: '待支付', message: data.message });
    });
    channel.current = opened;
    return () => opened.close();
  }, [orderId]);
  const pay = () => {
    setState({ status: '正在支付', message: null });
    channel.current?.postMessage({ kind: 'pay', orderId, token } satisfies MockPayRequest);
    setTimeout(() => setState((now) => (now.status === '正在支付' ? { status: '待支付', message: '没有找到下单的页面：请在下单的墨研页面里点“沙箱模拟支付”' } : now)), WAIT_MS);
  };
  return (
    <Box maxW="420px" mx="auto" px="5" py="8">
      <Stack gap="3" bg="white" rounded="xl" p="6" shadow="sm">
        <Badge alignSelf="flex-start" colorPalette="orange">
          沙箱支付（模拟数据）
        </Badge>
        <Heading size="md">确认支付</Heading>
        <Text fontSize="sm" color="gray.500">
          这是模拟数据模式的沙箱支付页，不会产生真实扣款；订单在下单的页面中确认。
        </Text>
        <Text fontSize="sm">
          订单 {orderId}，状态 <span data-testid="pay-status">{state.status}</span>
        </Text>
        {state.message && (
          <Text role="status" color={state.status === '已支付' ? 'green.600' : 'red.600'}>
            {state.message}
          </Text>
        )}
        {state.status !== '已支付' && (
          <Button colorPalette="brand" loading={state.status === '正在支付'} onClick={pay}>
            确认支付
          </Button>
        )}
      </Stack>
    </Box>
  );
}
