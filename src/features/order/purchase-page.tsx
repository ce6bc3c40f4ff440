import { Stack } from '@chakra-ui/react';
import { useProductPackageQueryList } from '@/api/gen/order/order';
import type { PackageType, PayChannel } from '@/api/gen/model';
import { PageHeader } from '@/components/page-header';
import { useCapabilities } from '@/components/use-capabilities';
import { NoPaymentNotice } from './no-payment-notice';
import { PackageGrid } from './package-grid';
import { PaymentDialog } from './payment-dialog';
import { useBuyPackage } from './use-buy-package';

/** Every package of a kind fits on one page (the seeded list has ten). */
const ALL = { pageNo: 1, pageSize: 100 };

function Packages({ recharge, payChannel }: { recharge: boolean; payChannel: PayChannel }) {
  const filter: { type?: PackageType } | undefined = recharge ? { type: 'recharge' } : undefined;
  const query = useProductPackageQueryList(filter, ALL);
  const packages = query.data?.records.filter((pkg) => (pkg.type === 'recharge') === recharge);
  const { buy, buyingId, payment, close } = useBuyPackage();
  return (
    <>
      <PackageGrid packages={packages} loading={query.isLoading} error={query.error} buyingId={buyingId} onBuy={(pkg) => buy(pkg, payChannel)} />
      <PaymentDialog payment={payment} onClose={close} />
    </>
  );
}

/** The packages on sale, bought through the first open channel; without one, a plain notice and no buy buttons. */
function PurchasePage({ title, description, recharge }: { title: string; description: string; recharge: boolean }) {
  const { data: capabilities, isError } = useCapabilities();
  const payChannel = capabilities?.payment.channels[0] ?? (isError ? 'sandbox' : undefined);
  return (
    <Stack gap="5">
      <PageHeader title={title} icon="account" description={description} />
      {capabilities && !capabilities.payment.available ? (
        <NoPaymentNotice reason={capabilities.payment.reason} />
      ) : payChannel ? (
        <Packages recharge={recharge} payChannel={payChannel} />
      ) : (
        <PackageGrid loading onBuy={() => undefined} />
      )}
    </Stack>
  );
}

export function TaocanPage() {
  return <PurchasePage title="购买套餐" description="按服务选择套餐，支付后金额计入账户余额，可用于全部服务" recharge={false} />;
}

export function RechargePage() {
  return <PurchasePage title="账户充值" description="选择充值金额，支付后立即到账；大额充值有赠送" recharge />;
}
