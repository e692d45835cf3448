import { CODE_MESSAGES } from './codeMessages.js';
import { RESULTS, type CODE, type MustBeNever, type Name, type ResultCode, type Lang, type Results } from './codeNames.js';

export * from './codeNames.js';

/**
 * The result codes with their messages: the server's lookups (message in a language, envelope
 * status) over codeNames.ts (name, wire value, status class) and codeMessages.ts (zh and en).
 */
type Messages = typeof CODE_MESSAGES;
/** A name with no message, or a message with no code: none, or this fails to compile. */
export type UnmatchedMessage = MustBeNever<Exclude<Name, keyof Messages> | Exclude<keyof Messages, Name>>;

/** Every result code by wire value: its status class and zh and en message. */
export const codes = /* @__PURE__ */ Object.fromEntries(
  Object.entries(RESULTS).map(([name, { code, status }]) => [code, { status, ...CODE_MESSAGES[name as Name] }]),
) as unknown as { readonly [N in Name as Results[N]['code']]: { status: Results[N]['status'] } & Messages[N] };

/** The codes without a name in CODE: none, since every code is written under its name. */
export type UnnamedCode = MustBeNever<Exclude<ResultCode, (typeof CODE)[keyof typeof CODE]>>;

/** Whether any string (from an envelope, a stored row, a file's check) is a result code. */
export function isResultCode(code: string): code is ResultCode {
  return Object.prototype.hasOwnProperty.call(codes, code);
}

/** Message for a code, with `{name}` placeholders filled from params. */
export function codeMessage(code: ResultCode, lang: Lang = 'zh', params: Record<string, string | number> = {}): string {
  const template: string = codes[code][lang];
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
}

/** Refusals of a request that is not well formed: the only ones the envelope answers with 400. */
const MALFORMED: ReadonlySet<ResultCode> = /* @__PURE__ */ new Set<ResultCode>(['E00001', 'E00002', 'E00003']);

/**
 * The HTTP status of a refusal in the /idaas envelope. The status says whether the call worked
 * as a call — malformed (400), no session (401), not allowed (403), nothing there (404), slow down
 * (429), our failure (5xx) — and the code says what the product decided. A decision on a
 * well-formed, authorised call (wrong password or code, a policy rule, an account's state, a name
 * already taken, a request already decided) is the product working: 200 with the refusal code, so
 * browsers do not log a normal morning as failed loads and error-rate alerts see only failures.
 * See docs/DECISIONS.md "Status classes of refusals".
 */
export function envelopeStatus(code: ResultCode): number {
  const { status } = codes[code];
  if (status === 409) return 200;
  if (status === 400 && !MALFORMED.has(code)) return 200;
  return status;
}
