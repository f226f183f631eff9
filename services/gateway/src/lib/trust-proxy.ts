import { BlockList, isIPv4 } from 'node:net';

/** Loopback, link-local and private ranges: where a load balancer in front of the gateway lives. */
const privateNetworks = new BlockList();
for (const [network, prefix] of [
  ['127.0.0.0', 8],
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['169.254.0.0', 16],
] as const) {
  privateNetworks.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const) {
  privateNetworks.addSubnet(network, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  try {
    return privateNetworks.check(plain, isIPv4(plain) ? 'ipv4' : 'ipv6');
  } catch {
    return false;
  }
}

export type TrustProxyOption = boolean | string | ((address: string, hop: number) => boolean);

/**
 * TRUST_PROXY as Fastify takes it. Fastify 5 ignores a bare hop count (it cannot tell a load
 * balancer from a client that reached the gateway directly and wrote its own X-Forwarded-For),
 * so a count N is read as "the N nearest hops, each on a private network": a load balancer on the
 * internal network is trusted, a client from the internet never is. Addresses and ranges are
 * passed on as they are and are the stricter choice.
 */
export function trustProxyOption(setting: boolean | number | string): TrustProxyOption {
  if (typeof setting !== 'number') return setting;
  const hops = setting;
  return (address, hop) => hop < hops && isPrivateAddress(address);
}
