import { createFileRoute } from '@tanstack/react-router';
import { MockPayPage } from '@/features/order/mock-pay-page';

// The server serves /pay/sandbox/* itself (server/pages/sandbox-pay.ts): this route is reached only in fully mocked
// mode, where there is no server, instead of falling through to /login.
export const Route = createFileRoute('/pay/sandbox/$orderId')({
  staticData: { meta: { title: '沙箱支付', hidden: true } },
  validateSearch: (search: Record<string, unknown>): { token: string } => ({ token: typeof search.token === 'string' ? search.token : '' }),
  component: function SandboxPay() {
    const { orderId } = Route.useParams();
    const { token } = Route.useSearch();
    return <MockPayPage orderId={orderId} token={token} />;
  },
});
