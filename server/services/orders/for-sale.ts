import { type PackageType, packageTypes } from '../../db/schema/packages';
import { conflict } from '../../errors';
import type { Capabilities } from '../system/capabilities';

/**
 * What is on sale: every package is paid for, so nothing without an open payment channel; a service's
 * package only while its service is available (a recharge credits the balance, usable by any service).
 */
export function packageTypesForSale(caps: Capabilities): PackageType[] {
  if (!caps.payment.available) return [];
  return packageTypes.filter((type) => type === 'recharge' || caps.services[type].available);
}

export function requireForSale(caps: Capabilities, type: PackageType): void {
  if (packageTypesForSale(caps).includes(type)) return;
  const reason = (type !== 'recharge' && caps.services[type].reason) || caps.payment.reason;
  throw conflict('PACKAGE_UNAVAILABLE', `该套餐暂不出售：${reason}`);
}
