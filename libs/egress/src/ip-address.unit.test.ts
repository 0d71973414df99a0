import fc from 'fast-check';
import { classifyAddress, parseIpv4, parseIpv6 } from './ip-address.js';

describe('parseIpv4 accepts every inet_aton spelling', () => {
  it.each([
    ['127.0.0.1', 0x7f000001],
    ['127.1', 0x7f000001],
    ['127.0.1', 0x7f000001],
    ['2130706433', 0x7f000001],
    ['0x7f000001', 0x7f000001],
    ['0X7F000001', 0x7f000001],
    ['017700000001', 0x7f000001],
    ['0177.0.0.1', 0x7f000001],
    ['0x7f.0.0.1', 0x7f000001],
    ['0x7f.1', 0x7f000001],
    ['0177.01', 0x7f000001],
    ['127.0.0.1.', 0x7f000001],
    ['0xa9.0xfe.0xa9.0xfe', 0xa9fea9fe],
    ['2852039166', 0xa9fea9fe],
    ['0', 0],
    ['0x', 0],
    ['10.1', 0x0a000001],
    ['255.255.255.255', 0xffffffff],
    ['4294967295', 0xffffffff],
  ])('%s', (text, value) => {
    expect(parseIpv4(text)).toBe(value);
  });

  it.each([
    '',
    '.',
    '1.2.3.4.5',
    '256.0.0.1',
    '1.2.3.256',
    '1.2.65536',
    '4294967296',
    '08.0.0.1',
    '1..2',
    'a.b.c.d',
    '1.2.3.-4',
    '0x1g',
    ' 1.2.3.4',
    'example.com',
  ])('rejects %j', (text) => {
    expect(parseIpv4(text)).toBeNull();
  });

  it('round-trips any address written in dotted decimal, hex, octal and as one number', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (value) => {
        const octets = [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255];
        const spellings = [
          octets.join('.'),
          octets.map((o) => `0x${o.toString(16)}`).join('.'),
          octets.map((o) => `0${o.toString(8)}`).join('.'),
          String(value),
          `0x${value.toString(16)}`,
          `${octets[0]}.${value & 0xffffff}`,
          `${octets[0]}.${octets[1]}.${value & 0xffff}`,
        ];
        return spellings.every((s) => parseIpv4(s) === value);
      }),
    );
  });
});

describe('parseIpv6', () => {
  it.each([
    ['::', [0, 0, 0, 0, 0, 0, 0, 0]],
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['[::1]', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['0:0:0:0:0:0:0:1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['1::', [1, 0, 0, 0, 0, 0, 0, 0]],
    ['fe80::1%eth0', [0xfe80, 0, 0, 0, 0, 0, 0, 1]],
    ['::ffff:127.0.0.1', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ['::FFFF:7F00:1', [0, 0, 0, 0, 0, 0xffff, 0x7f00, 1]],
    ['2001:db8:0:0:1:0:0:1', [0x2001, 0xdb8, 0, 0, 1, 0, 0, 1]],
  ])('%s', (text, groups) => {
    expect(parseIpv6(text)).toEqual(groups);
  });

  it.each([
    '1.2.3.4',
    ':1',
    '1:',
    ':::',
    '1::2::3',
    '1:2:3:4:5:6:7:8:9',
    '1:2:3:4:5:6:7::8',
    '12345::',
    '::ffff:1.2.3',
    '::ffff:01.2.3.4',
    'g::',
  ])('rejects %j', (text) => {
    expect(parseIpv6(text)).toBeNull();
  });
});

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['2130706433', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['10.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['169.254.1.1', 'link_local'],
    ['169.254.169.254', 'metadata'],
    ['0xa9fea9fe', 'metadata'],
    ['2852039166', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['11.0.0.1', 'public'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:0:10.0.0.1', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::808:808', 'public'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:c0a8:101::1', 'private'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['febf::1', 'link_local'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['fec0::1', 'private'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001::200e', 'public'],
  ])('%s is %s', (text, kind) => {
    expect(classifyAddress(text)).toBe(kind);
  });

  it('returns null for DNS names', () => {
    expect(classifyAddress('example.com')).toBeNull();
    expect(classifyAddress('localhost')).toBeNull();
    expect(classifyAddress('1.2.3.4.example')).toBeNull();
  });

  it('never calls an IPv4-mapped address public when its IPv4 is not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 0xffffffff }), (value) => {
        const dotted = [value >>> 24, (value >>> 16) & 255, (value >>> 8) & 255, value & 255].join('.');
        return classifyAddress(`::ffff:${dotted}`) === classifyAddress(dotted);
      }),
    );
  });
});
