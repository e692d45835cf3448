import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserName, FIRST_INPUT_EVENTS, scheduleFingerprint } from '../../src/shared/providers/device';

const UA = {
  ie7: 'Mozilla/4.0 (compatible; MSIE 7.0; Windows NT 6.0)',
  ie8: 'Mozilla/4.0 (compatible; MSIE 8.0; Windows NT 6.1; Trident/4.0)',
  ie9: 'Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  opera: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 OPR/106.0.0.0',
  operaPresto: 'Opera/9.80 (Windows NT 6.1; U; en) Presto/2.10.289 Version/12.02',
  edge: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91',
  edgeLegacy: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19582',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0',
  safari: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15',
  iosSafari: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1',
  chrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36',
  headlessChrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/120.0.0.0 Safari/537.36',
  chromeIos: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1',
};

describe('browserName', () => {
  it.each([
    ['ie7', 'IE7'],
    ['ie8', 'IE8'],
    ['ie9', 'IE9'],
    ['ie10', 'IE10'],
    ['ie11', 'IE11'],
    ['opera', 'Opera'],
    ['operaPresto', 'Opera'],
    ['edge', 'Edge'],
    ['edgeLegacy', 'Edge'],
    ['firefox', 'Firefox'],
    ['safari', 'Safari'],
    ['iosSafari', 'Safari'],
    ['chrome', 'Chrome'],
    ['headlessChrome', 'Chrome'],
    ['chromeIos', 'Chrome'],
  ] as const)('%s → %s', (key, name) => {
    expect(browserName(UA[key])).toBe(name);
  });

  it('names anything else Unknown', () => {
    expect(browserName('')).toBe('Unknown');
    expect(browserName('curl/8.5.0')).toBe('Unknown');
    expect(browserName('Mozilla/4.0 (compatible; MSIE 6.0; Windows NT 5.1)')).toBe('Unknown');
  });
});

describe('scheduleFingerprint', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  // The fingerprint costs a phone most of a second of main thread: never while the page starts.
  it('waits for the first input, then starts once in an idle moment', () => {
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    const win = new EventTarget() as unknown as Window;
    scheduleFingerprint(win);
    win.dispatchEvent(new Event('load'));
    expect(idle).not.toHaveBeenCalled();

    win.dispatchEvent(new Event('keydown'));
    expect(idle).toHaveBeenCalledTimes(1);
    for (const type of FIRST_INPUT_EVENTS) win.dispatchEvent(new Event(type));
    expect(idle).toHaveBeenCalledTimes(1);
  });

  it.each(FIRST_INPUT_EVENTS)('starts on %s', (type) => {
    const idle = vi.fn();
    vi.stubGlobal('requestIdleCallback', idle);
    const win = new EventTarget() as unknown as Window;
    scheduleFingerprint(win);
    win.dispatchEvent(new Event(type));
    expect(idle).toHaveBeenCalledTimes(1);
  });
});
