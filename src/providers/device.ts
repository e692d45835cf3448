/**
 * The device fields every sign-in and logout sends: a browser fingerprint hash (deviceId) and
 * the browser's name (deviceName).
 */

export type BrowserName = 'IE7' | 'IE8' | 'IE9' | 'IE10' | 'IE11' | 'Opera' | 'Edge' | 'Firefox' | 'Safari' | 'Chrome' | 'Unknown';

/**
 * Browser name from a user-agent string. Order matters: Opera and Edge UAs also contain
 * "Chrome", and Chrome's contains "Safari".
 */
export function browserName(ua: string): BrowserName {
  const msie = /MSIE (\d+)\.\d+/.exec(ua);
  if (msie) {
    const version = Number(msie[1]);
    if (version >= 7 && version <= 10) return `IE${version}` as BrowserName;
    return 'Unknown';
  }
  if (/Trident\/.*rv:11\./.test(ua)) return 'IE11';
  if (/\bOPR\/|\bOpera\b/.test(ua)) return 'Opera';
  if (/\bEdg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/\bFirefox\/|\bFxiOS\//.test(ua)) return 'Firefox';
  // Also matches HeadlessChrome/ (automated browsers).
  if (/Chrome\/|\bCriOS\//.test(ua)) return 'Chrome';
  if (/\bSafari\//.test(ua)) return 'Safari';
  return 'Unknown';
}

export interface DeviceInfo {
  deviceId: string;
  deviceName: string;
}

/** How long the fingerprint waits after page load (spec: 1 second), and how long a sign-in waits for it. */
export const FINGERPRINT_DELAY_MS = 1000;
const FINGERPRINT_WAIT_MS = 3000;

let fingerprint: Promise<string> | null = null;

async function computeFingerprint(): Promise<string> {
  try {
    const FingerprintJS = await import('@fingerprintjs/fingerprintjs');
    // monitoring off: no statistics request to a third-party host (CSP would block it anyway).
    const agent = await FingerprintJS.load({ monitoring: false });
    return (await agent.get()).visitorId;
  } catch {
    return '';
  }
}

function fingerprintOnce(): Promise<string> {
  fingerprint ??= computeFingerprint();
  return fingerprint;
}

/** Starts the fingerprint 1 s after the page has loaded; called once at start-up. */
export function scheduleFingerprint(win: Window = window): void {
  const start = () => win.setTimeout(() => void fingerprintOnce(), FINGERPRINT_DELAY_MS);
  if (win.document.readyState === 'complete') start();
  else win.addEventListener('load', start, { once: true });
}

/**
 * Device fields for a call. A sign-in made before the scheduled fingerprint ran starts it at
 * once; a fingerprint that takes too long is sent empty rather than blocking the sign-in.
 */
export async function deviceInfo(): Promise<DeviceInfo> {
  const timeout = new Promise<string>((resolve) => setTimeout(() => resolve(''), FINGERPRINT_WAIT_MS));
  const deviceId = await Promise.race([fingerprintOnce(), timeout]);
  const ua = typeof navigator === 'undefined' ? '' : navigator.userAgent;
  return { deviceId, deviceName: browserName(ua) };
}
