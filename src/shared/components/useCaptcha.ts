import { useCallback, useRef, useState } from 'react';
import { LIMITS } from '../../../contract/rules';
import { authEndpoints } from '../../../contract/endpoints/auth';
import type { CaptchaResult } from '../../../contract/schemas/auth';
import { toastRefusal } from '../providers/feedback';
import { call } from '../providers/api';

export interface CaptchaState {
  visible: boolean;
  loading: boolean;
  image: string;
  capKey: string;
  len: number;
}

const hidden: CaptchaState = { visible: false, loading: false, image: '', capKey: '', len: LIMITS.captchaLength };

const loadPictureCaptcha = () => call(authEndpoints.captcha, {});

/**
 * A picture captcha shown on demand. Each answer is single-use on the server, so callers
 * refresh after every attempt that sent one. A failed load is toasted here: the sign-in page,
 * outside <Refine>, uses this too.
 */
export function useCaptcha(load: () => Promise<CaptchaResult> = loadPictureCaptcha) {
  const [state, setState] = useState<CaptchaState>(hidden);
  // Only the newest request may fill the image: quick double clicks must not show a stale key.
  const latest = useRef(0);

  const refresh = useCallback(async () => {
    const ticket = ++latest.current;
    setState((s) => ({ ...s, visible: true, loading: true }));
    try {
      const result = await toastRefusal(load());
      if (ticket === latest.current) {
        setState({ visible: true, loading: false, image: result.data, capKey: result.capKey, len: result.len || LIMITS.captchaLength });
      }
    } catch {
      if (ticket === latest.current) setState((s) => ({ ...s, loading: false }));
    }
  }, [load]);

  const hide = useCallback(() => {
    latest.current++;
    setState(hidden);
  }, []);

  return { ...state, show: refresh, refresh, hide };
}
