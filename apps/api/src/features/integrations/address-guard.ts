import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { AppError } from '../../lib/errors.js';

/**
 * Addresses a webhook may never reach unless configuration allows it: private, loopback, link-local (cloud
 * metadata at 169.254.169.254), shared, multicast and reserved ranges, in IPv4 and IPv6.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** Whether `address` (an IP) is one a webhook may reach. An IPv4-mapped IPv6 address is judged as its IPv4. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return !blocked.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return false;
  return !blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export interface AddressPolicy {
  allowPrivate: boolean;
  allowHttp: boolean;
}

const refused = (message: string) =>
  new AppError(400, 'VALIDATION_FAILED', message, [{ path: 'url', message }]);

const lookupAll = (hostname: string) =>
  new Promise<LookupAddress[]>((resolve, reject) =>
    lookup(hostname, { all: true, verbatim: true }, (error, addresses) =>
      error ? reject(error) : resolve(addresses),
    ),
  );

/**
 * Refuses an address a webhook may not be sent to: not HTTPS, or a host that is, or resolves to, a refused
 * range. Checked when the address is saved and again before each delivery; `guardedLookup` checks once more
 * at the moment of connecting, so a name that changes its answer in between (DNS rebinding) is still refused.
 */
export async function checkWebhookAddress(raw: string, policy: AddressPolicy): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw refused('Enter a full address, starting with https://');
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:'))
    throw refused('Webhook addresses must start with https://');
  if (url.username || url.password) throw refused('Webhook addresses may not carry a user name or password');
  if (policy.allowPrivate) return url;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw refused('This address is private, loopback or link-local');
    return url;
  }
  let addresses: LookupAddress[];
  try {
    addresses = await lookupAll(host);
  } catch {
    throw refused(`The name ${host} does not resolve`);
  }
  if (!addresses.length || addresses.some((entry) => !isPublicAddress(entry.address)))
    throw refused(`The name ${host} resolves to a private, loopback or link-local address`);
  return url;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for http(s).request that refuses refused ranges at connection time. */
export function guardedLookup(policy: AddressPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '');
      const list = addresses as LookupAddress[];
      if (!policy.allowPrivate && (!list.length || list.some((entry) => !isPublicAddress(entry.address)))) {
        const refusal: NodeJS.ErrnoException = new Error(`${hostname} resolves to a refused address`);
        refusal.code = 'EADDRREFUSED';
        return callback(refusal, '');
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
