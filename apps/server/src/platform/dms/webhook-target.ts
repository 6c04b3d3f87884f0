import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

// Loopback, private, link-local, carrier-grade NAT, unique-local and unspecified ranges: a webhook aimed there
// would let a settings user make the server call its own network.
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

/** Whether an IP address is loopback, private, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  return family === 4 ? PRIVATE.check(address, 'ipv4') : family === 6 ? PRIVATE.check(address, 'ipv6') : true;
}

/** Why a webhook URL may not be used: a stable code (the portal words it) and the English phrase of error messages. */
export const TARGET_PROBLEMS = {
  invalid: 'is not a URL',
  scheme: 'must be http or https',
  credentials: 'must not carry credentials',
  unresolved: 'has a host name that does not resolve',
  private: 'points to a private or loopback address',
} as const;
export type TargetProblem = keyof typeof TARGET_PROBLEMS;

/**
 * Why a webhook URL may not be used, or null when it may: http(s) only, and unless `allowPrivate`, none of the
 * addresses its host resolves to is private or loopback. Checked when the URL is saved and before each delivery
 * (a name may resolve elsewhere later).
 */
export async function webhookTargetCheck(url: string, allowPrivate: boolean): Promise<TargetProblem | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'invalid';
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return 'scheme';
  if (parsed.username || parsed.password) return 'credentials';
  if (allowPrivate) return null;
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true })
        .then((found) => found.map((a) => a.address))
        .catch(() => null);
  if (!addresses?.length) return 'unresolved';
  return addresses.some(isPrivateAddress) ? 'private' : null;
}

/** `webhookTargetCheck` as the English phrase that follows "The URL" in error messages. */
export async function webhookTargetProblem(url: string, allowPrivate: boolean): Promise<string | null> {
  const problem = await webhookTargetCheck(url, allowPrivate);
  return problem && TARGET_PROBLEMS[problem];
}
