import { createServer, type Server } from 'node:http';
import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../server/platform/config.js';
import { OutboundRefused, forbiddenRange, outboundPolicy, parseOutboundAllow, type Resolver } from '../../server/platform/lib/outboundUrl.js';

const production = (allow: string[] = [], resolve?: Resolver) => outboundPolicy({ mode: 'production', outboundAllow: allow }, resolve);
const rangeOf = (url: string, allow: string[] = []) => production(allow).refusal(url)?.range ?? null;

/** A resolver that answers these addresses for any name. */
const answering = (...addresses: string[]): Resolver => (_host, _options, callback) => {
  callback(null, addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
};
/** What a policy's lookup answers for a name: the addresses, or the error. */
function lookupOf(policy: ReturnType<typeof production>, host: string, all: boolean) {
  return new Promise<{ error: Error | null; result: unknown }>((resolve) => {
    policy.lookup(host, { all }, (error, address, family) => resolve({ error, result: all ? address : { address, family } }));
  });
}

describe('outgoing calls: which addresses the server may call', () => {
  it.each([
    // IPv4, however the URL spells it: WHATWG URL normalises decimal, hex, octal and short forms.
    ['http://127.0.0.1:5432/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f000001/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
    ['http://0177.0.0.1/', 'loopback'],
    ['http://017700000001/', 'loopback'],
    ['http://127.1/', 'loopback'],
    ['http://127.255.255.254/', 'loopback'],
    ['https://10.0.0.1/', 'private'],
    ['https://172.16.0.1/', 'private'],
    ['https://172.31.255.255/', 'private'],
    ['https://192.168.0.1/', 'private'],
    ['https://0xc0a80001/', 'private'],
    ['https://100.64.0.1/', 'shared'],
    ['https://100.127.255.255/', 'shared'],
    ['https://169.254.169.254/latest/meta-data/', 'metadata'],
    ['https://2852039166/', 'metadata'],
    ['https://100.100.100.200/', 'metadata'],
    ['https://169.254.0.1/', 'link-local'],
    ['https://0.0.0.0/', 'unspecified'],
    ['https://0/', 'unspecified'],
    ['https://224.0.0.1/', 'multicast'],
    ['https://239.255.255.250/', 'multicast'],
    ['https://255.255.255.255/', 'broadcast'],
    ['https://240.0.0.1/', 'reserved'],
    // IPv6, and IPv4 carried inside IPv6.
    ['http://[::1]/', 'loopback'],
    ['http://[0:0:0:0:0:0:0:1]/', 'loopback'],
    ['https://[::]/', 'unspecified'],
    ['https://[::ffff:127.0.0.1]/', 'loopback'],
    ['https://[::ffff:7f00:1]/', 'loopback'],
    ['https://[::ffff:169.254.169.254]/', 'metadata'],
    ['https://[::ffff:10.1.2.3]/', 'private'],
    ['https://[::ffff:0:127.0.0.1]/', 'loopback'],
    ['https://[::127.0.0.1]/', 'loopback'],
    ['https://[64:ff9b::127.0.0.1]/', 'loopback'],
    ['https://[64:ff9b::a9fe:a9fe]/', 'metadata'],
    ['https://[64:ff9b:1::1]/', 'private'],
    ['https://[2002:7f00:1::1]/', 'loopback'],
    ['https://[2002:a9fe:a9fe::]/', 'metadata'],
    ['https://[fd00:ec2::254]/', 'metadata'],
    ['https://[fc00::1]/', 'private'],
    ['https://[fdff:ffff::1]/', 'private'],
    ['https://[fe80::1]/', 'link-local'],
    ['https://[febf::1]/', 'link-local'],
    ['https://[fec0::1]/', 'private'],
    ['https://[ff02::1]/', 'multicast'],
    // Names that are loopback by definition (RFC 6761), with or without the root dot.
    ['http://localhost:8080/', 'loopback'],
    ['http://LOCALHOST./', 'loopback'],
    ['https://db.localhost/', 'loopback'],
  ])('refuses %s (%s) in production', (url, range) => {
    expect(rangeOf(url)).toBe(range);
  });

  it.each([
    'https://8.8.8.8/', 'https://1.1.1.1/', 'https://172.32.0.1/', 'https://172.15.255.255/', 'https://100.63.255.255/', 'https://100.128.0.1/',
    'https://169.253.255.255/', 'https://223.255.255.255/', 'https://[2001:4860:4860::8888]/', 'https://[::ffff:8.8.8.8]/', 'https://[64:ff9b::808:808]/',
    'https://[2002:808:808::]/', 'https://[fbff::1]/', 'https://[fe7f::1]/', 'https://rp.example.com/logout', 'https://localhost.example.com/',
    'https://mylocalhost/',
  ])('admits the public address or name %s (a name is judged after DNS)', (url) => {
    expect(rangeOf(url)).toBeNull();
  });

  it('classifies addresses as DNS answers them, and nothing that is not an address', () => {
    expect(forbiddenRange('127.0.0.1')).toBe('loopback');
    expect(forbiddenRange('::ffff:127.0.0.1')).toBe('loopback');
    expect(forbiddenRange('[::1]')).toBe('loopback');
    expect(forbiddenRange('fe80::1%eth0')).toBe('link-local');
    expect(forbiddenRange('93.184.216.34')).toBeNull();
    // Not addresses: left to URL normalisation (outboundTarget) rather than guessed at.
    expect(forbiddenRange('0177.0.0.1')).toBeNull();
    expect(forbiddenRange('localhost')).toBeNull();
  });

  it('says why, naming host, address and range but never the path or query', () => {
    const refused = production().refusal('https://169.254.169.254/latest/meta-data/iam?token=secret');
    expect(refused).toBeInstanceOf(OutboundRefused);
    expect(refused?.message).toBe('169.254.169.254 is a cloud metadata address');
    expect(production().refusal('http://localhost:5432/x?y=z')?.message).toBe('localhost resolves to 127.0.0.1, a loopback address');
  });

  it('admits what OUTBOUND_ALLOW names: addresses, CIDR ranges (also IPv4-mapped), host names', () => {
    const allow = parseOutboundAllow(' 10.0.0.0/8, 192.168.1.7 ,[fd12::1], fd34::/16, Logout.Intranet.Example., localhost');
    expect(allow).toEqual({ entries: ['10.0.0.0/8', '192.168.1.7', 'fd12::1', 'fd34::/16', 'logout.intranet.example', 'localhost'] });
    const entries = 'entries' in allow ? allow.entries : [];
    for (const url of ['https://10.9.9.9/', 'https://[::ffff:10.9.9.9]/', 'https://192.168.1.7/', 'https://[fd12::1]/', 'https://[fd34:1::5]/', 'http://localhost:8080/']) {
      expect(rangeOf(url, entries), url).toBeNull();
    }
    expect(rangeOf('https://192.168.1.8/', entries)).toBe('private');
    expect(rangeOf('https://[fd12::2]/', entries)).toBe('private');
    expect(rangeOf('https://169.254.169.254/', entries)).toBe('metadata');
    expect(rangeOf('http://127.0.0.1/', entries)).toBe('loopback');
  });

  it('refuses an OUTBOUND_ALLOW that is not a list of names, addresses and ranges', () => {
    expect(readConfig({ OUTBOUND_ALLOW: '10.0.0.0/8,logout.intranet.example' }).outboundAllow).toEqual(['10.0.0.0/8', 'logout.intranet.example']);
    expect(readConfig({}).outboundAllow).toEqual([]);
    for (const wrong of ['10.0.0.0/33', '::1/129', 'http://x.example/', 'a b', '10.0.0.0/8/1', '*.example.com', 'host/8']) {
      expect(parseOutboundAllow(wrong), wrong).toEqual({ wrong });
      expect(() => readConfig({ OUTBOUND_ALLOW: wrong }), wrong).toThrow(/OUTBOUND_ALLOW/);
    }
  });

  it('outside production, the machine itself is allowed (the demo applications and the tests listen there), nothing more', () => {
    for (const mode of ['demo', 'test'] as const) {
      const policy = outboundPolicy({ mode, outboundAllow: [] });
      for (const url of ['http://127.0.0.1:8765/backchannel-logout', 'http://localhost:8765/', 'http://[::1]:8765/']) expect(policy.refusal(url), url).toBeNull();
      expect(policy.refusal('https://169.254.169.254/')?.range).toBe('metadata');
      expect(policy.refusal('https://10.0.0.1/')?.range).toBe('private');
      expect(outboundPolicy({ mode, outboundAllow: ['10.0.0.0/8'] }).refusal('https://10.0.0.1/')).toBeNull();
    }
  });

  describe('at the call: every address DNS answers is judged, and the connection goes to a vetted one', () => {
    it('refuses a name when any of its addresses is forbidden (a rebinding answer among public ones)', async () => {
      const rebinding = production([], answering('93.184.216.34', '127.0.0.1'));
      const { error } = await lookupOf(rebinding, 'rp.example.com', true);
      expect(error).toBeInstanceOf(OutboundRefused);
      expect(error?.message).toBe('rp.example.com resolves to 127.0.0.1, a loopback address');
      expect((await lookupOf(production([], answering('::ffff:169.254.169.254')), 'rp.example.com', false)).error?.message).toMatch(/cloud metadata/);
    });

    it('answers the vetted addresses in the form the socket asked for', async () => {
      const policy = production([], answering('93.184.216.34', '2606:2800:220:1::1'));
      const all = await lookupOf(policy, 'rp.example.com', true);
      expect(all).toEqual({ error: null, result: [{ address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1::1', family: 6 }] as LookupAddress[] });
      expect(await lookupOf(policy, 'rp.example.com', false)).toEqual({ error: null, result: { address: '93.184.216.34', family: 4 } });
    });

    it('lets a name the operator allows resolve to a private address, and an allowed range through', async () => {
      expect((await lookupOf(production(['logout.intranet.example'], answering('10.1.2.3')), 'logout.intranet.example', true)).error).toBeNull();
      expect((await lookupOf(production(['10.0.0.0/8'], answering('10.1.2.3')), 'other.intranet.example', true)).error).toBeNull();
      expect((await lookupOf(production(['10.0.0.0/8'], answering('10.1.2.3', '192.168.0.1')), 'other.intranet.example', true)).error).toBeInstanceOf(OutboundRefused);
    });

    it('passes a resolver failure on as it is', async () => {
      const failing: Resolver = (host, _options, callback) => callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }), []);
      const { error } = await lookupOf(production([], failing), 'nowhere.example', true);
      expect((error as NodeJS.ErrnoException).code).toBe('ENOTFOUND');
    });

    describe('fetch, against a server on this machine', () => {
      let server: Server;
      let port = 0;
      let hits = 0;
      beforeAll(async () => {
        server = createServer((_req, res) => { hits += 1; res.writeHead(204).end(); });
        await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
        const address = server.address();
        port = typeof address === 'object' && address ? address.port : 0;
      });
      afterAll(() => new Promise<void>((resolve) => { server.close(() => resolve()); }));

      it('refuses localhost (after DNS) and 127.0.0.1 in production without connecting; calls them outside production', async () => {
        const before = hits;
        await expect(production().fetch(`http://localhost:${port}/bc`, { method: 'POST' })).rejects.toThrow(OutboundRefused);
        await expect(production().fetch(`http://127.0.0.1:${port}/bc`, { method: 'POST' })).rejects.toThrow('127.0.0.1 is a loopback address');
        await expect(production().fetch(`http://2130706433:${port}/bc`, { method: 'POST' })).rejects.toThrow(OutboundRefused);
        expect(hits).toBe(before);

        const demo = outboundPolicy({ mode: 'demo', outboundAllow: [] });
        expect((await demo.fetch(`http://localhost:${port}/bc`, { method: 'POST' })).status).toBe(204);
        expect((await production(['127.0.0.1']).fetch(`http://127.0.0.1:${port}/bc`, { method: 'POST' })).status).toBe(204);
        expect(hits).toBe(before + 2);
      });

      it('connects to the address it vetted, not to a second answer of the resolver', async () => {
        // The first resolution (the check) and the connection are one: a resolver that would answer
        // differently the second time is asked once.
        let asked = 0;
        const flipping: Resolver = (_host, _options, callback) => {
          asked += 1;
          // 192.0.2.1 (TEST-NET-1) is public as far as the policy knows, and routed nowhere.
          callback(null, [{ address: asked === 1 ? '192.0.2.1' : '127.0.0.1', family: 4 }]);
        };
        const policy = production([], flipping);
        await expect(policy.fetch(`http://rebind.example:${port}/bc`, { signal: AbortSignal.timeout(300) })).rejects.toThrow();
        expect(asked).toBe(1);
      });
    });
  });
});
