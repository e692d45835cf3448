import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CODE, CODE_GROUPS, codeIn } from '../../../contract/codes';
import type { SecondAuthAppInfo, SecondAuthSendResult } from '../../../contract/schemas/signIn';
import { LOGIN_PATH } from '../../config';
import { errorCode } from '../../providers/apiError';
import { feedback } from '../../providers/feedback';
import { useCaptchaSend, type CaptchaSendResult } from '../account-flow/useCaptchaSend';
import { useCompleteLogin } from '../account-flow/useCompleteLogin';
import { useCountdown } from '../account-flow/useCountdown';
import { useTicketExpired } from '../account-flow/useTicketExpired';
import { secondAuthApi } from './api';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

/**
 * The second-factor page's state: application info and the first code on arrival, the
 * captcha-guarded resend with its countdown, and the check that runs once the code is complete.
 */
export function useSecondAuth(srmi: string, appId: string | null) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { handle: handleExpired, leave } = useTicketExpired();
  const completeLogin = useCompleteLogin();
  const countdown = useCountdown();
  const startCountdown = countdown.start;
  const [info, setInfo] = useState<SecondAuthAppInfo | null>(null);
  const [infoFailed, setInfoFailed] = useState(false);
  const [phone, setPhone] = useState('');
  const [smsCodeKey, setSmsCodeKey] = useState('');
  const [noPhone, setNoPhone] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [verifying, setVerifying] = useState(false);
  // The first code goes out once per ticket, even when React mounts the page twice in development.
  const started = useRef<string | null>(null);

  /** Refusals every call shares; true when handled. */
  const handleShared = useCallback(
    (error: unknown): boolean => {
      const code = errorCode(error);
      if (handleExpired(error)) return true;
      if (code === CODE.smsTicketInvalid) {
        navigate(LOGIN_PATH, { replace: true });
        return true;
      }
      if (code === CODE.secondFactorNoPhone) {
        setNoPhone(messageOf(error));
        return true;
      }
      if (code === CODE.sentTooOften || code === CODE.smsRefused) {
        setAlert(messageOf(error));
        return true;
      }
      return false;
    },
    [handleExpired, navigate],
  );

  const accept = useCallback(
    (sent: SecondAuthSendResult) => {
      setPhone(sent.encryptMobile || sent.mobile);
      setSmsCodeKey(sent.smsCodeKey);
      setAlert(null);
      startCountdown();
    },
    [startCountdown],
  );

  useEffect(() => {
    if (!srmi) return void leave();
    if (started.current === srmi) return;
    started.current = srmi;
    secondAuthApi.appInfo(srmi).then(setInfo, (error: unknown) => {
      if (!handleExpired(error)) setInfoFailed(true);
    });
    secondAuthApi.send(srmi).then(accept, (error: unknown) => {
      // A reload after the first send: the next code needs the captcha, behind the resend link.
      if (errorCode(error) !== CODE.captchaRequired) handleShared(error);
    });
  }, [srmi, accept, handleExpired, handleShared, leave]);

  const resend = useCallback(
    async (capKey: string, capText: string): Promise<CaptchaSendResult> => {
      try {
        accept(await secondAuthApi.send(srmi, { capKey, capText }));
        feedback.success(t('secondAuth.sent'));
        return { kind: 'sent' };
      } catch (error) {
        if (errorCode(error) === CODE.codeWrong) return { kind: 'retry', message: messageOf(error) };
        handleShared(error);
        return { kind: 'failed' };
      }
    },
    [accept, handleShared, srmi, t],
  );
  const captchaSend = useCaptchaSend(resend);

  const verify = useCallback(
    async (value: string) => {
      if (verifying) return;
      if (!smsCodeKey) {
        setAlert(t('secondAuth.fetchFirst'));
        setCode('');
        return;
      }
      setVerifying(true);
      setAlert(null);
      try {
        await completeLogin(await secondAuthApi.verify(srmi, value, smsCodeKey), appId);
      } catch (error) {
        setCode('');
        if (codeIn(CODE_GROUPS.codeRefusals, errorCode(error))) setAlert(messageOf(error));
        else handleShared(error);
        setVerifying(false);
      }
    },
    [appId, completeLogin, handleShared, smsCodeKey, srmi, t, verifying],
  );

  return { info, infoFailed, phone, noPhone, alert, code, setCode, verify, verifying, countdown, captchaSend };
}
