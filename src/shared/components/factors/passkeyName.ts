import type { Rule } from 'antd/es/form';
import { FACTOR_LIMITS } from '../../../../contract/schemas/factors';
import { browserName } from '../../providers/device';

/** A name to start from: the browser and platform the passkey is made on ("Chrome · Windows"). */
export function suggestedDevice(ua: string = navigator.userAgent): string {
  const platform = /Windows/.test(ua) ? 'Windows' : /Android/.test(ua) ? 'Android' : /iPhone|iPad/.test(ua) ? 'iOS' : /Mac OS X/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : '';
  const browser = browserName(ua);
  return [browser === 'Unknown' ? '' : browser, platform].filter(Boolean).join(' · ') || 'Browser';
}

/** The rules of a passkey's name, alike when it is made and when it is renamed. */
export function passkeyNameRules(t: (key: string, options?: Record<string, unknown>) => string): Rule[] {
  return [
    { required: true, whitespace: true, message: t('factors.passkeys.nameRequired') },
    { max: FACTOR_LIMITS.passkeyNameMax, message: t('factors.passkeys.nameTooLong', { max: FACTOR_LIMITS.passkeyNameMax }) },
  ];
}
