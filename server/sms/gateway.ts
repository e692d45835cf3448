/** Where text messages go once the outbox worker picks them up. */
export interface SmsGateway {
  send(message: { mobileNo: string; purpose: string; content: string }): Promise<void>;
  /** The outbox keeps what was sent (demo and test: it is the phone the drawer shows). */
  readonly keepsContent: boolean;
}

/** Demo/test: nothing leaves the machine; the outbox row is the text the demo drawer and tests read. */
export const demoGateway: SmsGateway = {
  keepsContent: true,
  async send() {},
};

/**
 * Production: POST {mobileNo, content} as JSON to SMS_GATEWAY_URL. The content holds a live code,
 * so it is never logged; a failure is thrown for the worker to retry or give up.
 */
export function httpGateway(url: string, timeoutMs = 5000): SmsGateway {
  return {
    keepsContent: false,
    async send({ mobileNo, content }) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mobileNo, content }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
    },
  };
}
