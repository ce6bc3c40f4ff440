import { describe, expect, it } from 'vitest';
import { addressBucket } from './client-identity';

describe('addressBucket', () => {
  it('keeps IPv4 addresses and unwraps IPv4-mapped IPv6', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups IPv6 addresses by their /64, however they are written', () => {
    const bucket = '2001:db8:1:2::/64';
    expect(addressBucket('2001:db8:1:2::1')).toBe(bucket);
    expect(addressBucket('2001:0db8:0001:0002:abcd:ef01:2345:6789')).toBe(bucket);
    expect(addressBucket('2001:DB8:1:2:0:0:0:ffff')).toBe(bucket);
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(bucket);
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('fe80::')).toBe('fe80:0:0:0::/64');
  });
});
