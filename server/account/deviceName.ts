import Bowser from 'bowser';
import { LIMITS } from '../../contract/rules.js';

/** Phones and tablets read better by their kind ("iPhone") than by their system ("iOS 17.1"). */
const MODEL_FIRST = new Set(['iOS', 'iPadOS']);

function systemOf(result: Bowser.Parser.ParsedResult): string {
  const { os, platform } = result;
  if (MODEL_FIRST.has(os.name ?? '') && platform.model) return platform.model;
  if (!os.name) return '';
  // Windows reports "NT 10.0"; its marketing name ("10") is what people recognise.
  if (os.name === 'Windows') return os.versionName ? `Windows ${os.versionName}` : 'Windows';
  return os.name;
}

/**
 * A device name people can tell apart ("Chrome 131 on Windows 10", "Safari on iPhone"), read
 * from the request's User-Agent header. The name the browser sends in the body is free text
 * and only a fallback for agents the parser does not know.
 */
export function deviceNameOf(userAgent: string | null | undefined, clientName: string | null): string | null {
  const ua = userAgent?.slice(0, LIMITS.userAgentMax).trim();
  if (!ua) return clientName;
  return nameOf(ua) ?? clientName;
}

/**
 * Parsing costs 30–60 µs and a sign-in names its device three times (device, session, history),
 * while a company's people use a handful of browsers: the names of recent agents are kept.
 */
const recent = new Map<string, string | null>();
const RECENT_AGENTS = 1_000;

function nameOf(ua: string): string | null {
  let name = recent.get(ua);
  if (name === undefined) {
    name = parse(ua);
    // Forgetting all at the cap is cheaper than tracking recency; the cap is rarely reached.
    if (recent.size >= RECENT_AGENTS) recent.clear();
    recent.set(ua, name);
  }
  return name;
}

function parse(ua: string): string | null {
  const result = Bowser.getParser(ua).getResult();
  const browser = result.browser.name ?? '';
  if (!browser) return null;
  // Safari's version follows the system's, so it adds nothing to "on iPhone".
  const major = browser === 'Safari' ? '' : (result.browser.version ?? '').split('.')[0];
  const label = major ? `${browser} ${major}` : browser;
  const system = systemOf(result);
  return (system ? `${label} on ${system}` : label).slice(0, LIMITS.deviceNameMax);
}

/** A session's browser ("Chrome 131") and system ("Windows 10", "iPhone") as the workbench lists them; null for what the parser does not know. */
export function agentParts(userAgent: string | null | undefined): { browser: string | null; os: string | null } {
  const ua = userAgent?.slice(0, LIMITS.userAgentMax).trim();
  if (!ua) return { browser: null, os: null };
  let parts = recentParts.get(ua);
  if (!parts) {
    const result = Bowser.getParser(ua).getResult();
    const name = result.browser.name ?? '';
    const major = name === 'Safari' ? '' : (result.browser.version ?? '').split('.')[0];
    parts = { browser: name ? (major ? `${name} ${major}` : name) : null, os: systemOf(result) || null };
    if (recentParts.size >= RECENT_AGENTS) recentParts.clear();
    recentParts.set(ua, parts);
  }
  return parts;
}
const recentParts = new Map<string, { browser: string | null; os: string | null }>();
