import { inflateRawSync } from 'node:zlib';
import { INFLATED_MAX } from './constants.js';
import { XML_MAX_CHARS } from './safeXml.js';

export class MessageError extends Error {}

const BASE64 = /^[A-Za-z0-9+/\r\n]+={0,2}\s*$/;

function base64(value: string): Buffer {
  if (value.length > XML_MAX_CHARS * 2 || !BASE64.test(value)) throw new MessageError('not base64');
  return Buffer.from(value, 'base64');
}

/** HTTP-Redirect: base64 of the raw DEFLATE of the XML; inflation stops at INFLATED_MAX (a deflate bomb gets no further). */
export function decodeRedirect(value: string): string {
  try {
    return inflateRawSync(base64(value), { maxOutputLength: INFLATED_MAX }).toString('utf8');
  } catch (error) {
    throw error instanceof MessageError ? error : new MessageError('not a deflated message');
  }
}

/** HTTP-POST: base64 of the XML. */
export function decodePost(value: string): string {
  const xml = base64(value).toString('utf8');
  if (xml.length > INFLATED_MAX) throw new MessageError('message too large');
  return xml;
}
