/**
 * What the workbench shows of an X.509 certificate it holds as base64 DER (the identity
 * provider's signing keys come that way, as the metadata publishes them): subject, expiry and
 * SHA-256 fingerprint, in node:crypto's notation as the SP certificates are shown. Read here
 * rather than with an X.509 library so that no ASN.1 package reaches the workbench's download
 * for three fields; a certificate that does not read gives blanks, never a broken page.
 */
export interface CertificateSummary { subject: string; notAfter: string; fingerprint: string }

interface Node { tag: number; start: number; end: number }

/** One DER TLV at `at`: its tag and where its contents begin and end. */
function read(der: Uint8Array, at: number): Node {
  const tag = der[at];
  let length = der[at + 1];
  let start = at + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    if (bytes < 1 || bytes > 4) throw new Error('length');
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + der[start + i];
    start += bytes;
  }
  const end = start + length;
  if (tag === undefined || end > der.length) throw new Error('truncated');
  return { tag, start, end };
}

function children(der: Uint8Array, node: Node): Node[] {
  const list: Node[] = [];
  for (let at = node.start; at < node.end; at = list[list.length - 1].end) list.push(read(der, at));
  return list;
}

/** The names node:crypto prints (RFC 4514's, and the two it adds); others as their dotted OID. */
const NAMES: Record<string, string> = {
  '2.5.4.3': 'CN', '2.5.4.6': 'C', '2.5.4.7': 'L', '2.5.4.8': 'ST', '2.5.4.10': 'O', '2.5.4.11': 'OU',
  '2.5.4.5': 'serialNumber', '1.2.840.113549.1.9.1': 'emailAddress', '0.9.2342.19200300.100.1.25': 'DC',
};

function oid(der: Uint8Array, node: Node): string {
  const bytes = der.subarray(node.start, node.end);
  const parts = [Math.floor(bytes[0] / 40), bytes[0] % 40];
  let value = 0;
  for (const b of bytes.subarray(1)) {
    value = value * 128 + (b & 0x7f);
    if (!(b & 0x80)) {
      parts.push(value);
      value = 0;
    }
  }
  return parts.join('.');
}

function text(der: Uint8Array, node: Node): string {
  const bytes = der.subarray(node.start, node.end);
  // BMPString: UTF-16BE; every other string type a certificate uses is ASCII or UTF-8.
  if (node.tag === 0x1e) return String.fromCharCode(...Array.from({ length: bytes.length / 2 }, (_, i) => (bytes[2 * i] << 8) | bytes[2 * i + 1]));
  return new TextDecoder().decode(bytes);
}

/** UTCTime (YYMMDDHHMMSSZ, years 50–99 are 19xx) or GeneralizedTime (YYYYMMDDHHMMSSZ), as ISO 8601. */
function time(der: Uint8Array, node: Node): string {
  const raw = new TextDecoder().decode(der.subarray(node.start, node.end));
  const full = node.tag === 0x17 ? `${Number(raw.slice(0, 2)) >= 50 ? '19' : '20'}${raw}` : raw;
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(full);
  if (!m) throw new Error('time');
  return new Date(Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +m[6])).toISOString();
}

/** Subject and expiry from the DER, or null when it is not a certificate. */
export function certificateFields(der: Uint8Array): { subject: string; notAfter: string } | null {
  try {
    const tbs = children(der, read(der, 0))[0];
    const fields = children(der, tbs);
    // [0] version is optional (absent means v1); then serial, signature algorithm, issuer, validity, subject.
    const from = fields[0].tag === 0xa0 ? 1 : 0;
    const validity = children(der, fields[from + 3]);
    const subject = children(der, fields[from + 4])
      .flatMap((set) => children(der, set))
      .map((pair) => {
        const [type, value] = children(der, pair);
        const id = oid(der, type);
        return `${NAMES[id] ?? id}=${text(der, value)}`;
      })
      .join(', ');
    return { subject, notAfter: time(der, validity[1]) };
  } catch {
    return null;
  }
}

const fromBase64 = (value: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(value), (c) => c.charCodeAt(0));

/** The summary; the fingerprint needs WebCrypto (a secure context: https or localhost) and is blank without it. */
export async function summarise(base64Der: string): Promise<CertificateSummary> {
  let der: Uint8Array<ArrayBuffer>;
  try {
    der = fromBase64(base64Der);
  } catch {
    return { subject: '', notAfter: '', fingerprint: '' };
  }
  const fields = certificateFields(der) ?? { subject: '', notAfter: '' };
  const digest = globalThis.crypto?.subtle ? new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', der)) : null;
  const fingerprint = digest ? Array.from(digest, (b) => b.toString(16).padStart(2, '0').toUpperCase()).join(':') : '';
  return { ...fields, fingerprint };
}
