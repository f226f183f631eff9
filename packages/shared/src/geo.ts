/*
 * The scan's place from its client address, as the analytics (API) and the resolver's redirect
 * rules (gateway) read it: both look the address up in the same geolocation database (geoip-lite,
 * loaded by each service); these pure steps around the lookup are shared so both read an address
 * alike.
 */

/** A geolocation database lookup, as geoip-lite's `lookup`. */
export type GeoLookup = (address: string) => { country: string; region: string } | null;

export interface Place {
  country: string | null;
  region: string | null;
}

const NOWHERE: Place = { country: null, region: null };

/** An IPv4-mapped IPv6 address (`::ffff:81.2.69.142`) as the IPv4 address it is. */
export const plainAddress = (address: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address.toLowerCase();

/** Country (ISO 3166-1 alpha-2) and region (the database's subdivision code) of an address; nulls when unknown or private. */
export function placeOf(lookup: GeoLookup, address: string | null | undefined): Place {
  if (!address) return NOWHERE;
  const plain = plainAddress(address);
  let found: ReturnType<GeoLookup>;
  try {
    found = lookup(plain);
  } catch {
    return NOWHERE;
  }
  if (!found || !/^[A-Z]{2}$/.test(found.country)) return NOWHERE;
  return { country: found.country, region: found.region && /^[A-Za-z0-9]{1,3}$/.test(found.region) ? found.region : null };
}
