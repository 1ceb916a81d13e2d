import { describe, expect, it } from 'vitest';
import { addressSubject, clientAddress } from './client.ts';

const request = (address?: string) =>
  new Request('http://localhost/api/test', {
    headers: address === undefined ? {} : { 'x-nf-client-connection-ip': address },
  });

describe('client address', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(addressSubject('203.0.113.7')).toBe('203.0.113.7');
  });

  it('groups an IPv6 address by its /64, whatever form it is written in', () => {
    const network = '2001:db8:85a3:8d3::/64';
    for (const address of [
      '2001:db8:85a3:8d3:1319:8a2e:370:7348',
      '2001:0db8:85a3:08d3:ffff:ffff:ffff:ffff',
      '2001:DB8:85A3:8D3::1',
      '2001:db8:85a3:8d3::',
      '[2001:db8:85a3:8d3::abcd]',
      '2001:db8:85a3:8d3:0:0:0:1%eth0',
    ]) {
      expect(addressSubject(address), address).toBe(network);
    }
    expect(addressSubject('2001:db8:85a3:8d4::1')).toBe('2001:db8:85a3:8d4::/64');
    expect(addressSubject('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressSubject('::1')).toBe('0:0:0:0::/64');
    expect(addressSubject('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(addressSubject('::ffff:198.51.100.23')).toBe('198.51.100.23');
    expect(addressSubject('::FFFF:c633:6417')).toBe('198.51.100.23');
    expect(addressSubject('0:0:0:0:0:ffff:198.51.100.23')).toBe('198.51.100.23');
  });

  it('leaves what is not an address unchanged', () => {
    expect(addressSubject('unknown')).toBe('unknown');
    expect(addressSubject('2001:db8::1::2')).toBe('2001:db8::1::2');
  });

  it('prefers the platform context, then the edge header, then "unknown"', () => {
    const context = { ip: '2001:db8:1:2:3:4:5:6' } as Parameters<typeof clientAddress>[1];
    expect(clientAddress(request('192.0.2.1'), context)).toBe('2001:db8:1:2::/64');
    expect(clientAddress(request('2001:db8:1:2:a:b:c:d'), undefined)).toBe('2001:db8:1:2::/64');
    expect(clientAddress(request(), undefined)).toBe('unknown');
  });
});
