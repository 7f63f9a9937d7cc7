/**
 * Which `Host` a served fake answers. A page on another site can make its own name resolve to 127.0.0.1 (DNS
 * rebinding) and then read this server as if it were its own origin; the browser still sends that name as
 * `Host`, so refusing names that are not this machine's loopback ones closes the hole.
 */

export interface HostCheckOptions {
  /** The interface the server listens on: a non-loopback one is allowed as a `Host` too. */
  readonly listenHost: string;
  /** More names (or addresses) to answer, e.g. the machine's LAN name. @default none */
  readonly allowedHosts?: readonly string[];
  /** Answer any `Host` (a proxy in front checks it). @default false */
  readonly allowAnyHost?: boolean;
}

/** A host name as the WHATWG URL parser writes it: lower case, IPv4 in dotted decimal, IPv6 in brackets. */
function normalHost(host: string): string | undefined {
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  try {
    const url = new URL(`http://${bracketed}/`);
    if (url.port !== '' || url.username !== '' || url.pathname !== '/') return undefined;
    // `localhost.` is `localhost`: one trailing dot names the same host.
    return url.hostname.replace(/\.$/, '');
  } catch {
    return undefined;
  }
}

const IPV4 = /^\d{1,3}\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;

/** `localhost`, `*.localhost`, 127.0.0.0/8 and `[::1]` (after URL normalization: `127.1` is `127.0.0.1`). */
export function isLoopbackHost(hostname: string): boolean {
  const host = normalHost(hostname);
  if (host === undefined) return false;
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

const isIpAddress = (host: string): boolean => IPV4.test(host) || host.startsWith('[');

/**
 * A predicate over a request's host name. Loopback names are always answered; a named listen interface is too.
 * A wildcard one (`0.0.0.0`, `::`) answers every IP address, since it listens on all of them: an address cannot
 * be rebound the way a name can, so only names need `allowedHosts`.
 */
export function hostCheck(options: HostCheckOptions): (hostname: string) => boolean {
  if (options.allowAnyHost === true) return () => true;
  const listen = normalHost(options.listenHost);
  const wildcard = listen === '0.0.0.0' || listen === '[::]';
  const allowed = new Set<string>();
  if (listen !== undefined && !wildcard) allowed.add(listen);
  for (const name of options.allowedHosts ?? []) {
    const host = normalHost(name);
    if (host === undefined) throw new TypeError(`allowedHosts: ${JSON.stringify(name)} is not a host name`);
    allowed.add(host);
  }
  return (hostname) => {
    const host = normalHost(hostname);
    if (host === undefined) return false;
    return isLoopbackHost(host) || allowed.has(host) || (wildcard && isIpAddress(host));
  };
}
