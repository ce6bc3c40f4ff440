import { http } from 'msw';
import type { Capabilities, PackageType, ServiceCapabilities, ServiceCapability } from '@/api/gen/model';
import { ok } from '../envelope';

type ServiceName = keyof ServiceCapabilities;
const SERVICES: ServiceName[] = ['check', 'aigc', 'aigcLower', 'rewrite', 'paper', 'ppt', 'chat'];

/** What the mocked instance offers: by default everything (the mocked UI shows every screen). */
export type MockOffer = { unavailable?: ServiceName[]; payment?: boolean; registration?: boolean; rewriteEngine?: Capabilities['rewriteEngine'] };

function mockCapabilities({ unavailable = [], payment = true, registration = true, rewriteEngine = 'model' }: MockOffer = {}): Capabilities {
  const capability = (service: ServiceName): ServiceCapability =>
    unavailable.includes(service) ? { available: false, reason: '该功能正在建设中' } : { available: true, reason: null };
  return {
    services: Object.fromEntries(SERVICES.map((service) => [service, capability(service)])) as Record<ServiceName, ServiceCapability>,
    payment: payment
      ? { available: true, reason: null, channels: ['sandbox'] }
      : { available: false, reason: '暂未开通在线支付，请联系管理员充值', channels: [] },
    registration: { open: registration },
    rewriteEngine,
    // The server's defaults (.env.example FREE_*_PER_DAY, FREE_USES_ADDRESS_FACTOR=5).
    freeUses: {
      reduction: { perAccount: 20, perAddress: 100 },
      outline: { perAccount: 10, perAddress: 50 },
      pptDraft: { perAccount: 10, perAddress: 50 },
      reload: { perAccount: 30, perAddress: 150 },
    },
  };
}

const state = { capabilities: mockCapabilities() };

/** Tests choose what the mocked instance offers. */
export function setMockOffer(offer: MockOffer): void {
  state.capabilities = mockCapabilities(offer);
}

export function resetCapabilitiesState(): void {
  state.capabilities = mockCapabilities();
}

export const currentCapabilities = (): Capabilities => state.capabilities;

/** The service a package sells: the aigc package is 降AIGC套餐, sold with lowering (as the server's for-sale.ts). */
const serviceOfPackage = (type: Exclude<PackageType, 'recharge'>): ServiceName => (type === 'aigc' ? 'aigcLower' : type);

/** The server's rule (server/services/orders/for-sale.ts): nothing without payment, a service's package only while it is available. */
export function onSale(type: PackageType): boolean {
  const { payment, services } = state.capabilities;
  return payment.available && (type === 'recharge' || services[serviceOfPackage(type)].available);
}

export const capabilitiesOverrides = [http.get('*/api/base/system_api/f/capabilities', () => ok(state.capabilities))];
