import { type PackageType, packageTypes } from '../../db/schema/packages';
import { conflict } from '../../errors';
import type { Capabilities, ServiceName } from '../system/capabilities';

// The service a package's type sells: the aigc package is 降AIGC套餐 (lowering, priced per 1 000 characters
// lowered), so it is on sale with lowering, not with detection.
const SERVICE_OF: Record<Exclude<PackageType, 'recharge'>, ServiceName> = {
  check: 'check',
  rewrite: 'rewrite',
  aigc: 'aigcLower',
  paper: 'paper',
  ppt: 'ppt',
};

/**
 * What is on sale: every package is paid for, so nothing without an open payment channel; a service's
 * package only while its service is available (a recharge credits the balance, usable by any service).
 */
export function packageTypesForSale(caps: Capabilities): PackageType[] {
  if (!caps.payment.available) return [];
  return packageTypes.filter((type) => type === 'recharge' || caps.services[SERVICE_OF[type]].available);
}

export function requireForSale(caps: Capabilities, type: PackageType): void {
  if (packageTypesForSale(caps).includes(type)) return;
  const reason = (type !== 'recharge' && caps.services[SERVICE_OF[type]].reason) || caps.payment.reason;
  throw conflict('PACKAGE_UNAVAILABLE', `该套餐暂不出售：${reason}`);
}
