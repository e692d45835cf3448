import { DOMParser } from '@xmldom/xmldom';

/** Largest inbound SAML message or metadata document accepted, in characters. */
export const XML_MAX_CHARS = 256 * 1024;

export class UnsafeXmlError extends Error {}

/*
 * A document type declaration is where entity expansion (billion laughs), external entities
 * (XXE) and parameter entities come from; SAML never needs one, so any is refused before parsing.
 * So is a processing instruction other than the XML declaration.
 */
const DOCTYPE = /<!DOCTYPE|<!ENTITY/i;
const PROCESSING_INSTRUCTION = /<\?(?!xml[\s?])/i;

/**
 * Parses an inbound XML document (an SP's message or metadata) strictly: no DTD, no entities, no
 * processing instructions, a bounded size, and any parser warning or error is a refusal rather
 * than a best-effort repair (xmldom otherwise recovers from malformed input silently, and what it
 * makes of it may differ from what a signature was computed over).
 */
export function parseSafeXml(xml: string): Document {
  if (xml.length > XML_MAX_CHARS) throw new UnsafeXmlError('document too large');
  if (DOCTYPE.test(xml)) throw new UnsafeXmlError('document type declarations are not accepted');
  if (PROCESSING_INSTRUCTION.test(xml)) throw new UnsafeXmlError('processing instructions are not accepted');
  const problems: string[] = [];
  const parser = new DOMParser({
    locator: {},
    errorHandler: {
      warning: (message: string) => problems.push(message),
      error: (message: string) => problems.push(message),
      fatalError: (message: string) => problems.push(message),
    },
  });
  const doc = parser.parseFromString(xml, 'text/xml');
  if (problems.length || !doc?.documentElement) throw new UnsafeXmlError(`malformed XML: ${problems[0] ?? 'no root element'}`);
  return doc as unknown as Document;
}
