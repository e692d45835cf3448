import { whenIdle } from './idle';

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

/** How long a sign-in waits for a fingerprint still being computed. */
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

/**
 * The signs that a person is using the page, the first of which starts the fingerprint. `input`
 * covers a password manager filling the form (no key pressed); not `focus`, which autofocus
 * fires while the page starts.
 */
export const FIRST_INPUT_EVENTS = ['pointerdown', 'keydown', 'touchstart', 'input'] as const;

/**
 * Starts the fingerprint once the person first touches, clicks or types, in the next idle
 * moment. It costs about 0.7 s of main thread on a mid-range phone, so it must not run while
 * the page starts up (it was a third of the sign-in page's blocking time when it ran 1 s after
 * load); a sign-in comes after input anyway, and a call that needs it earlier starts it itself.
 * Called once at start-up.
 */
export function scheduleFingerprint(win: Window = window): void {
  const options = { capture: true, passive: true };
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const type of FIRST_INPUT_EVENTS) win.removeEventListener(type, start, options);
    // Lets the input that woke it be handled first.
    void whenIdle(1000).then(fingerprintOnce);
  };
  for (const type of FIRST_INPUT_EVENTS) win.addEventListener(type, start, options);
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
