// A token's IP allow-list (reference §2.5): one address or CIDR range per line; lines that are neither are ignored.
// IPv4-mapped IPv6 addresses (::ffff:1.2.3.4, what a dual-stack socket reports) are checked as IPv4.
import { BlockList, isIP } from 'node:net';

export interface IpAllowList {
  allows(ip: string): boolean;
}

const MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

export function normaliseIp(ip: string): string {
  const m = MAPPED.exec(ip.trim());
  return m ? m[1] : ip.trim();
}

/** null when the text lists nothing usable: the token accepts any address. */
export function parseAllowIps(textIn: string): IpAllowList | null {
  const list = new BlockList();
  let entries = 0;
  for (const raw of textIn.split(/[\r\n,\s]+/)) {
    const line = raw.trim();
    if (!line) continue;
    const slash = line.indexOf('/');
    const addr = normaliseIp(slash < 0 ? line : line.slice(0, slash));
    const family = isIP(addr);
    if (!family) continue;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (slash < 0) {
      list.addAddress(addr, type);
    } else {
      const prefixText = line.slice(slash + 1);
      const prefix = Number(prefixText);
      if (!/^\d{1,3}$/.test(prefixText) || prefix > (family === 4 ? 32 : 128)) continue;
      list.addSubnet(addr, prefix, type);
    }
    entries++;
  }
  if (!entries) return null;
  return {
    allows(ip: string) {
      const a = normaliseIp(ip);
      const family = isIP(a);
      if (!family) return false;
      return list.check(a, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
