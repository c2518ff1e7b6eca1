import { isIPv4, isIPv6 } from 'node:net';

/**
 * How many leading bits of an IPv6 address name one subscriber: providers hand a home or a phone a
 * /56 or a /64, so a limit per IPv6 address would give one machine billions of fresh addresses.
 */
export const IPV6_SUBSCRIBER_BITS = 56;

/**
 * The address a per-address limit counts: an IPv4 address as it is (also when written IPv4-mapped,
 * `::ffff:1.2.3.4`), an IPv6 address by its subscriber's network (`2001:db8:1:200::/56`).
 */
export function addressGroup(ip: string | undefined): string {
  // Node reports no address for a socket already closed: such requests share one count.
  const address = String(ip ?? '').split('%')[0] ?? '';
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return address.toLowerCase();
  const groups = ipv6Groups(address);
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (mapped) return [groups[6] ?? 0, groups[7] ?? 0].flatMap((g) => [g >> 8, g & 0xff]).join('.');
  const kept = groups.map((group, i) => {
    const bitsBefore = i * 16;
    if (bitsBefore + 16 <= IPV6_SUBSCRIBER_BITS) return group;
    if (bitsBefore >= IPV6_SUBSCRIBER_BITS) return 0;
    return group & (0xffff << (16 - (IPV6_SUBSCRIBER_BITS - bitsBefore)));
  });
  return `${kept.map((group) => group.toString(16)).join(':')}/${IPV6_SUBSCRIBER_BITS}`;
}

/** The eight 16-bit groups of a valid IPv6 address (with `::` and a trailing IPv4 part expanded). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const part = (s: string) => (s === '' ? [] : s.split(':').map((g) => Number.parseInt(g, 16)));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}
