/**
 * SAML and CAS sign-ons for tests/bench/oidc.ts, measured in its run against the same portal and
 * the same signed-in browser (lisi's portal session), so each is read as a ratio to the OpenID
 * Connect code exchange there:
 *
 * - SAML: an SP-initiated login of a signed-in user, the demo SP `demo-saml`'s AuthnRequest by
 *   HTTP-Redirect answered with its signed Response (the self-submitting form), one request each.
 *   The AuthnRequests are made before the clock starts (each ID is single use); one Response is
 *   checked first with @node-saml/node-saml against the metadata's certificate, so what is timed
 *   is a real answer.
 * - CAS: a whole sign-on as a service sees it: /cas/login with the portal session → 302 with a
 *   service ticket for `demo-cas` → /cas/p3/serviceValidate, the pair of requests timed together
 *   (oidc.ts times the validation alone, on tickets made in a batch just before).
 */
import autocannon from 'autocannon';
import { SAML } from '@node-saml/node-saml';

const SP = { entityId: 'http://127.0.0.1:8767/metadata', acs: 'http://127.0.0.1:8767/acs' };
const CAS_SERVICE = 'http://127.0.0.1:8768/';

export interface SignOnRun { perSecond: number; done: number; failures: number; firstFailure?: string }

const run = (opts: autocannon.Options) => new Promise<autocannon.Result>((resolve, reject) => autocannon(opts, (err, res) => (err ? reject(err) : resolve(res))));
/** The SAMLResponse field of the portal's self-submitting form, its HTML character references undone. */
function samlResponseOf(html: string): string | undefined {
  const input = /<input[^>]*name="SAMLResponse"[^>]*>/.exec(html)?.[0];
  return /value="([^"]*)"/.exec(input ?? '')?.[1]
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCharCode(Number(dec)));
}

/** SP-initiated SAML logins of a signed-in user: AuthnRequest in, signed Response out. */
export async function samlLogins(base: string, cookie: string, seconds: number, connections: number, count: number): Promise<SignOnRun> {
  const metadata = await (await fetch(`${base}/saml/metadata`)).text();
  const certs = [...metadata.matchAll(/<(?:\w+:)?X509Certificate>([^<]+)</g)].map((m) => m[1].replace(/\s+/g, ''));
  const sp = new SAML({
    entryPoint: `${base}/saml/sso`, issuer: SP.entityId, audience: SP.entityId, callbackUrl: SP.acs, idpCert: certs,
    identifierFormat: null, wantAuthnResponseSigned: true, wantAssertionsSigned: true, acceptedClockSkewMs: 5_000,
  });
  const first = await fetch(await sp.getAuthorizeUrlAsync('', undefined, {}), { headers: { cookie } });
  const response = samlResponseOf(await first.text());
  if (!response) throw new Error(`no SAML Response for a signed-in user: ${first.status} at ${first.url}`);
  const { profile } = await sp.validatePostResponseAsync({ SAMLResponse: response });
  if (!profile?.nameID) throw new Error('the SAML Response names no one');

  const paths = await Promise.all(Array.from({ length: count }, async () => {
    const url = new URL(await sp.getAuthorizeUrlAsync('', undefined, {}));
    return `${url.pathname}${url.search}`;
  }));
  let next = 0;
  let failures = 0;
  let firstFailure: string | undefined;
  const result = await run({
    url: base, connections, duration: seconds, amount: paths.length,
    requests: [{
      method: 'GET', headers: { cookie },
      setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }),
      onResponse: (status, body) => {
        if (status === 200 && samlResponseOf(body)) return;
        failures++;
        firstFailure ??= `${status} ${body.slice(0, 200)}`;
      },
    }],
  });
  return { perSecond: result.requests.average, done: result.requests.total, failures, firstFailure };
}

/** CAS sign-ons of a signed-in user: /cas/login → ticket → /cas/p3/serviceValidate. */
export async function casSignOns(base: string, cookie: string, seconds: number, connections: number): Promise<SignOnRun> {
  const service = encodeURIComponent(CAS_SERVICE);
  const loginPath = `/cas/login?service=${service}`;
  const ticketOf = (location: string | undefined) => (location ? new URL(location, CAS_SERVICE).searchParams.get('ticket') : null);
  const login = await fetch(`${base}${loginPath}`, { headers: { cookie }, redirect: 'manual' });
  const ticket = ticketOf(login.headers.get('location') ?? undefined);
  if (!ticket) throw new Error(`no CAS ticket for a signed-in user: ${login.status} to ${login.headers.get('location')}`);
  const answer = await (await fetch(`${base}/cas/p3/serviceValidate?service=${service}&ticket=${ticket}`)).text();
  if (!answer.includes('<cas:user>lisi</cas:user>')) throw new Error(`the ticket does not validate: ${answer.slice(0, 300)}`);

  let failures = 0;
  let validated = 0;
  let firstFailure: string | undefined;
  const fail = (what: string) => {
    failures++;
    firstFailure ??= what;
  };
  const result = await run({
    url: base, connections, duration: seconds,
    requests: [
      {
        method: 'GET', path: loginPath, headers: { cookie },
        onResponse: (status, _body, context, headers) => {
          const ticket = ticketOf(headers?.location as string | undefined);
          (context as { ticket?: string | null }).ticket = ticket;
          if (status !== 302 || !ticket) fail(`login ${status} to ${String(headers?.location)}`);
        },
      },
      {
        method: 'GET',
        setupRequest: (req, context) => ({ ...req, path: `/cas/p3/serviceValidate?service=${service}&ticket=${String((context as { ticket?: string }).ticket)}` }),
        onResponse: (status, body) => {
          if (status === 200 && body.includes('<cas:authenticationSuccess>')) validated++;
          else fail(`validate ${status} ${body.slice(0, 200)}`);
        },
      },
    ],
  });
  // Two requests make one sign-on.
  return { perSecond: result.requests.average / 2, done: validated, failures, firstFailure };
}
