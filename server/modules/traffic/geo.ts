import { createRequire } from 'node:module';
import type { Carrier, Region } from '../../../src/contract/traffic';

/**
 * Where a client address is: its province (or abroad) and carrier, from the IP database bundled
 * with the `ip2region` package (IPv4 and IPv6, no download at run time). Answers are remembered
 * per address: access logs repeat their clients, and a lookup costs about 5 µs.
 */
interface Lookup {
  search(address: string): { country: string; province: string; isp: string } | null;
}

const provinces: readonly [string, Region][] = [
  ['北京', 'BJ'], ['天津', 'TJ'], ['河北', 'HE'], ['山西', 'SX'], ['内蒙古', 'NM'], ['辽宁', 'LN'],
  ['吉林', 'JL'], ['黑龙江', 'HL'], ['上海', 'SH'], ['江苏', 'JS'], ['浙江', 'ZJ'], ['安徽', 'AH'],
  ['福建', 'FJ'], ['江西', 'JX'], ['山东', 'SD'], ['河南', 'HA'], ['湖北', 'HB'], ['湖南', 'HN'],
  ['广东', 'GD'], ['广西', 'GX'], ['海南', 'HI'], ['重庆', 'CQ'], ['四川', 'SC'], ['贵州', 'GZ'],
  ['云南', 'YN'], ['西藏', 'XZ'], ['陕西', 'SN'], ['甘肃', 'GS'], ['青海', 'QH'], ['宁夏', 'NX'],
  ['新疆', 'XJ'], ['台湾', 'TW'], ['香港', 'HK'], ['澳门', 'MO'],
]; // prettier-ignore

export interface Place {
  region: Region;
  carrier: Carrier;
}

export function regionOf(country: string, province: string): Region {
  if (country === '') return 'unknown';
  if (country !== '中国') {
    const special = provinces.find(([name]) => country.startsWith(name));
    return special ? special[1] : 'overseas';
  }
  const found = provinces.find(([name]) => province.startsWith(name));
  return found ? found[1] : 'unknown';
}

export function carrierOf(isp: string): Carrier {
  if (isp.includes('电信')) return 'telecom';
  if (isp.includes('联通')) return 'unicom';
  if (isp.includes('移动')) return 'mobile';
  if (isp.includes('教育')) return 'edu';
  return 'other';
}

let database: Lookup | null = null;
function open(): Lookup {
  if (!database) {
    const require = createRequire(import.meta.url);
    const module = require('ip2region') as { default: new () => Lookup };
    database = new module.default();
  }
  return database;
}

/** The database's own record of an address (country, province, city, carrier), '' when it has none. */
export function locationOf(address: string): string {
  try {
    const found = open().search(address) as {
      country: string;
      province: string;
      city?: string;
      isp: string;
    } | null;
    if (!found) return '';
    return [
      ...new Set([found.country, found.province, found.city ?? '', found.isp].filter((part) => part !== '')),
    ].join(' ');
  } catch {
    return '';
  }
}

const cacheMax = 200_000;
const cache = new Map<string, Place>();

/** The place of an address; `unknown`/`other` for private ranges and what the database lacks. */
export function placeOf(address: string): Place {
  const known = cache.get(address);
  if (known) return known;
  let place: Place = { region: 'unknown', carrier: 'other' };
  try {
    const found = open().search(address);
    if (found) place = { region: regionOf(found.country, found.province), carrier: carrierOf(found.isp) };
  } catch {
    // An address the database cannot read stays unknown.
  }
  if (cache.size >= cacheMax) cache.clear();
  cache.set(address, place);
  return place;
}
