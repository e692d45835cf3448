import { describe, expect, it } from 'vitest';
import { deviceNameOf } from '../../server/account/deviceName.js';

const UA = {
  chromeWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  safariIphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15',
  firefoxLinux: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};

describe('deviceNameOf', () => {
  it('names the browser, its major version and the system', () => {
    expect(deviceNameOf(UA.chromeWindows, 'Chrome')).toBe('Chrome 131 on Windows 10');
    expect(deviceNameOf(UA.firefoxLinux, null)).toBe('Firefox 133 on Linux');
    expect(deviceNameOf(UA.edge, 'Edge')).toBe('Microsoft Edge 131 on Windows 10');
    expect(deviceNameOf(UA.android, null)).toBe('Chrome 131 on Android');
  });

  it('names Apple phones by kind and leaves out Safari\'s version', () => {
    expect(deviceNameOf(UA.safariIphone, 'Safari')).toBe('Safari on iPhone');
    expect(deviceNameOf(UA.safariMac, null)).toBe('Safari on macOS');
  });

  it('falls back to the name the client sent when the agent is missing or unknown', () => {
    expect(deviceNameOf(null, 'Chrome')).toBe('Chrome');
    expect(deviceNameOf('', null)).toBeNull();
    expect(deviceNameOf('   ', 'Firefox')).toBe('Firefox');
    expect(deviceNameOf('curl/8.4.0', 'Chrome')).toBe('Chrome');
  });

  it('keeps names within the column and survives an oversized header', () => {
    const long = `${UA.chromeWindows} ${'x'.repeat(10_000)}`;
    expect(deviceNameOf(long, null)!.length).toBeLessThanOrEqual(40);
  });
});
