import { BlockList, isIP } from 'node:net';
import type { Language } from '@wallet/contract';

/**
 * Where a sign-in came from, as a member reads it in an email: the country of the address, from the
 * offline GeoLite2 country table that the geoip-country package ships (nothing is fetched at run
 * time). The table (about 8 MB) is read on first use, not at start, so start-up time and memory stay
 * as they were for servers that never send such an email.
 */

const LOCAL_NETWORK: Readonly<Record<Language, string>> = {
  en: 'local network',
  zh: '本地网络',
  ko: '로컬 네트워크',
  ja: 'ローカルネットワーク',
};
const UNKNOWN: Readonly<Record<Language, string>> = { en: 'unknown', zh: '未知', ko: '알 수 없음', ja: '不明' };

/** Loopback, private, link-local and carrier-grade NAT ranges: no country, the member's own network. */
const local = new BlockList();
for (const [address, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
  ['0.0.0.0', 8],
] as const)
  local.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::1', 128],
  ['::', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  local.addSubnet(address, prefix, 'ipv6');

type Lookup = (ip: string) => { country: string } | null;
let lookup: Promise<Lookup> | undefined;
let countryNames: Promise<(code: string, language: Language) => string | undefined> | undefined;

function loadLookup(): Promise<Lookup> {
  lookup ??= import('geoip-country').then((m) => (m.default ?? m).lookup);
  return lookup;
}

function loadCountryNames() {
  countryNames ??= import('i18n-iso-countries').then((m) => {
    const countries = m.default ?? m;
    return (code: string, language: Language) => countries.getName(code, language, { select: 'official' });
  });
  return countryNames;
}

export function isLocalAddress(ip: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const address = mapped ?? ip;
  const family = isIP(address);
  return family !== 0 && local.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The place of an address in the member's language: a country, "local network", or "unknown". */
export async function placeOf(ip: string | null | undefined, language: Language): Promise<string> {
  if (!ip || isIP(ip.replace(/^::ffff:/i, '')) === 0) return UNKNOWN[language];
  if (isLocalAddress(ip)) return LOCAL_NETWORK[language];
  const found = (await loadLookup())(ip);
  if (!found) return UNKNOWN[language];
  return (await loadCountryNames())(found.country, language) ?? found.country;
}
