import { rootCertificates } from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../platform/config.js';
import { OutboundRefused, outboundPolicy, outboundPolicyOf, type OutboundPolicy } from '../../platform/lib/outboundUrl.js';

/** How long the server waits for a proxy callback or a single-logout receiver. */
export const OUTBOUND_TIMEOUT_MS = 3000;

/**
 * The server's calls to CAS services: the proxy callback (pgtUrl) and single-logout POSTs. Both
 * go through the outbound policy (platform/lib/outboundUrl.ts: forbidden ranges unless
 * OUTBOUND_ALLOW names them, checked after DNS on the address connected to), with a timeout and
 * no redirects followed; failures are logged by host, never with the ticket or the query.
 */
export function casOutbound(config: Config, log: FastifyBaseLogger) {
  // A test's self-signed receiver is trusted only in test mode, and only beside the usual roots.
  const testCa = config.mode === 'test' && config.casTestCa ? [...rootCertificates, config.casTestCa] : undefined;
  const policy: OutboundPolicy = testCa ? outboundPolicy(config, undefined, testCa) : outboundPolicyOf(config);

  const hostOf = (url: string) => {
    try {
      return new URL(url).host;
    } catch {
      return '';
    }
  };

  function logFailure(what: string, url: string, error: unknown): void {
    if (error instanceof OutboundRefused) log.warn({ host: error.host, address: error.address, range: error.range }, `${what} refused: address not allowed`);
    else log.warn({ host: hostOf(url), err: error instanceof Error ? error.message : String(error) }, `${what} not delivered`);
  }

  return {
    /**
     * The proxy callback (CAS 3.0 §2.5.4): a GET to the pgtUrl with pgtId and pgtIou. Delivered
     * only when it answered 2xx; a redirect is a failure (the identifying URL is the one given).
     */
    async deliverPgt(pgtUrl: string, pgtId: string, pgtIou: string): Promise<boolean> {
      const url = new URL(pgtUrl);
      url.searchParams.set('pgtIou', pgtIou);
      url.searchParams.set('pgtId', pgtId);
      try {
        const res = await policy.fetch(url, { method: 'GET', redirect: 'manual', signal: AbortSignal.timeout(OUTBOUND_TIMEOUT_MS) });
        await res.arrayBuffer().catch(() => undefined);
        if (res.status >= 200 && res.status < 300) return true;
        log.warn({ host: url.host, status: res.status }, 'CAS proxy callback refused the ticket');
        return false;
      } catch (error) {
        logFailure('CAS proxy callback', pgtUrl, error);
        return false;
      }
    },

    /** A back-channel single-logout request (CAS 3.0 §2.3.3): `logoutRequest` form-encoded, POSTed to the service. */
    async postLogout(service: string, logoutRequest: string): Promise<boolean> {
      try {
        const res = await policy.fetch(service, {
          method: 'POST', redirect: 'manual', signal: AbortSignal.timeout(OUTBOUND_TIMEOUT_MS),
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ logoutRequest }).toString(),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.status >= 200 && res.status < 400) return true;
        log.warn({ host: hostOf(service), status: res.status }, 'CAS single logout answered with an error');
        return false;
      } catch (error) {
        logFailure('CAS single logout', service, error);
        return false;
      }
    },
  };
}

export type CasOutbound = ReturnType<typeof casOutbound>;
