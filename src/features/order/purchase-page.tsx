import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useProductPackageQueryList } from '@/api/gen/order/order';
import type { PackageType, PayChannel } from '@/api/gen/model';
import { PageHeader } from '@/components/page-header';
import { useCapabilities } from '@/components/use-capabilities';
import { ChannelPicker } from './channel-picker';
import { NoPaymentNotice } from './no-payment-notice';
import { PackageGrid } from './package-grid';
import { DeferredPaymentDialog } from './deferred-payment-dialog';
import { useBuyPackage } from './use-buy-package';

/** Every package of a kind fits on one page (the seeded list has ten). */
const ALL = { pageNo: 1, pageSize: 100 };

function Packages({ recharge, channels }: { recharge: boolean; channels: PayChannel[] }) {
  const filter: { type?: PackageType } | undefined = recharge ? { type: 'recharge' } : undefined;
  const query = useProductPackageQueryList(filter, ALL);
  const packages = query.data?.records.filter((pkg) => (pkg.type === 'recharge') === recharge);
  const { buy, buyingId, payment, close } = useBuyPackage();
  const [chosen, setChosen] = useState<PayChannel | null>(null);
  const payChannel = chosen && channels.includes(chosen) ? chosen : channels[0];
  return (
    <>
      <ChannelPicker channels={channels} value={payChannel} onChange={setChosen} />
      <PackageGrid packages={packages} loading={query.isLoading} error={query.error} buyingId={buyingId} onBuy={(pkg) => buy(pkg, payChannel)} />
      <DeferredPaymentDialog payment={payment} onClose={close} />
    </>
  );
}

/** The packages on sale, bought through the open channel the student picks; without one, a plain notice and no buy buttons. */
function PurchasePage({ title, description, recharge }: { title: string; description: string; recharge: boolean }) {
  const { data: capabilities, isError } = useCapabilities();
  const channels: PayChannel[] | undefined = capabilities?.payment.channels ?? (isError ? ['sandbox'] : undefined);
  return (
    <Stack gap="5">
      <PageHeader title={title} icon="account" description={description} />
      {capabilities && !capabilities.payment.available ? (
        <NoPaymentNotice reason={capabilities.payment.reason} />
      ) : channels?.length ? (
        <Packages recharge={recharge} channels={channels} />
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
