import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGatewayMessage { mobileNo: string; content: string }

/**
 * An SMS gateway on 127.0.0.1 for the tests: it answers 200, answers 500, takes its time, or
 * holds every text unanswered until told otherwise ('hold'), as the test says, and keeps what it
 * was sent.
 */
export async function startSmsGateway(): Promise<{
  url: string;
  received: FakeGatewayMessage[];
  behave(mode: 'ok' | 'fail' | 'hold', delayMs?: number): void;
  close(): Promise<void>;
}> {
  const received: FakeGatewayMessage[] = [];
  let mode: 'ok' | 'fail' | 'hold' = 'ok';
  let delayMs = 0;
  let held: (() => void)[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    const answer = () => {
      if (mode === 'hold') {
        held.push(answer);
        return;
      }
      if (mode === 'fail') {
        res.writeHead(500).end();
        return;
      }
      received.push(JSON.parse(body) as FakeGatewayMessage);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    };
    req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    req.on('end', () => setTimeout(answer, delayMs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    behave(next, delay = 0) {
      mode = next;
      delayMs = delay;
      const waiting = held;
      held = [];
      waiting.forEach((answer) => answer());
    },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
