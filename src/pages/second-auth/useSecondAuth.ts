import { useNotification } from '@refinedev/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { CODE, CODE_GROUPS, codeIn } from '../../../contract/codeNames';
import { signInEndpoints as ep } from '../../../contract/endpoints/signIn';
import type { SecondAuthSendResult } from '../../../contract/schemas/signIn';
import { useEndpointMutation, useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { errorCode } from '../../shared/providers/apiError';
import { deviceInfo } from '../../shared/providers/device';
import { loginAddress } from '../../shared/providers/returnPath';
import { useCaptchaSend, type CaptchaSendResult } from '../account-flow/useCaptchaSend';
import { useCompleteLogin } from '../account-flow/useCompleteLogin';
import { useTicketExpired } from '../account-flow/useTicketExpired';
import { SEND_AT_CODE, SEND_QUIET, VERIFY_REFUSALS } from './api';
import { useCountdown } from '../../shared/hooks/useCountdown';
import { resendInOf } from './resendIn';
import { useTranslation } from 'react-i18next';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : '');

/**
 * The second-factor page's state: application info and the first code on arrival, the
 * captcha-guarded resend with its countdown, and the check that runs once the code is complete.
 * What the code boxes say (a refused code, a send that must wait) is the calls' own error state.
 * `returnTo` is where the sign-in lands once passed, and kept on the way back to /login.
 */
export function useSecondAuth(srmi: string, appId: string | null, returnTo: string | null) {
  const { t } = useTranslation();
  const { open: notify } = useNotification();
  const navigate = useNavigate();
  const { handle: handleExpired, leave } = useTicketExpired(returnTo);
  const completeLogin = useCompleteLogin();
  const countdown = useCountdown();
  const startCountdown = countdown.start;
  const info = useEndpointQuery(ep.secondAuthAppInfo, { srmi }, { enabled: !!srmi });
  const sendCode = useEndpointMutation(ep.secondAuthSend, { quiet: SEND_QUIET });
  const check = useEndpointMutation(ep.secondAuth, { quiet: VERIFY_REFUSALS });
  const [sent, setSent] = useState<SecondAuthSendResult | null>(null);
  const [code, setCode] = useState('');
  // The first code goes out once per ticket, even when React mounts the page twice in development.
  const started = useRef<string | null>(null);
  const infoError = info.query.error;
  const { submit: submitSend, reset: resetSend } = sendCode;
  const { submit: submitCheck, reset: resetCheck } = check;

  useEffect(() => {
    if (infoError) handleExpired(infoError);
  }, [infoError, handleExpired]);

  /** Refusals every call shares that the page answers by leaving; a send that must wait starts the timer. */
  const leaveOn = useCallback(
    (error: unknown) => {
      if (handleExpired(error)) return;
      const wait = errorCode(error) === CODE.sentTooOften ? resendInOf(error) : null;
      if (wait !== null) startCountdown(wait);
      if (errorCode(error) === CODE.smsTicketInvalid) navigate(loginAddress(returnTo), { replace: true });
    },
    [handleExpired, navigate, returnTo, startCountdown],
  );

  const accept = useCallback(
    (answer: SecondAuthSendResult) => {
      setSent(answer);
      // Whatever was typed before belongs to no code.
      setCode('');
      resetCheck();
      startCountdown(answer.resendIn);
    },
    [resetCheck, startCountdown],
  );

  useEffect(() => {
    if (!srmi) return void leave();
    if (started.current === srmi) return;
    started.current = srmi;
    submitSend({ srmi }).then(accept, (error: unknown) => {
      // A reload after the first send: the next code needs the captcha, behind the resend link.
      if (errorCode(error) !== CODE.captchaRequired) leaveOn(error);
    });
  }, [srmi, accept, leave, leaveOn, submitSend]);

  const resend = useCallback(
    async (capKey: string, capText: string): Promise<CaptchaSendResult> => {
      try {
        accept(await submitSend({ srmi, capKey, capText }));
        notify?.({ type: 'success', message: t('secondAuth.sent') });
        return { kind: 'sent' };
      } catch (error) {
        if (errorCode(error) === CODE.codeWrong) return { kind: 'retry', message: messageOf(error) };
        leaveOn(error);
        return { kind: 'failed' };
      }
    },
    [accept, leaveOn, notify, srmi, submitSend, t],
  );
  const captchaSend = useCaptchaSend(resend);

  const type = useCallback(
    (value: string) => {
      setCode(value);
      resetCheck();
    },
    [resetCheck],
  );

  const verify = useCallback(
    async (value: string) => {
      if (!sent || check.isPending) return;
      resetSend();
      try {
        const response = await submitCheck({ srmi, validateCode: value, smsCodeKey: sent.smsCodeKey, ...(await deviceInfo()) });
        await completeLogin(response, appId, returnTo);
      } catch (error) {
        setCode('');
        leaveOn(error);
      }
    },
    [appId, check.isPending, completeLogin, leaveOn, resetSend, returnTo, sent, srmi, submitCheck],
  );

  const sendError = codeIn(SEND_AT_CODE, errorCode(sendCode.error)) ? messageOf(sendCode.error) : null;
  const checkError = codeIn(CODE_GROUPS.codeRefusals, errorCode(check.error)) ? messageOf(check.error) : null;
  // A complete code with no code sent yet (the first send needed the captcha): ask for one first.
  const early = !sent && info.data !== undefined && code.length === info.data.verificationLength ? t('secondAuth.fetchFirst') : null;

  return {
    info: info.data ?? null,
    infoFailed: !!infoError && errorCode(infoError) !== CODE.ticketExpired,
    phone: sent ? sent.encryptMobile || sent.mobile : '',
    /** No new text went out: the code texted moments ago (after a quick re-login) is still the one to type. */
    alreadySent: !!sent?.alreadySent,
    noPhone: errorCode(sendCode.error) === CODE.secondFactorNoPhone ? messageOf(sendCode.error) : null,
    problem: early ?? checkError ?? sendError,
    code,
    setCode: type,
    verify,
    // After a passed check the page stays busy until the next one loads.
    verifying: check.isPending || check.isSuccess,
    countdown,
    captchaSend,
  };
}
