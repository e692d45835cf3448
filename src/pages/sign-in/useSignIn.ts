import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SPA_PATHS } from '../../../contract/paths';
import { CODE, CODE_GROUPS, codeIn } from '../../../contract/codeNames';
import { errorCode, errorDataField } from '../../shared/providers/apiError';
import { feedback } from '../../shared/providers/feedback';
import { auth, type LoginParams, type LoginResult, type PasswordExpiryPrompt } from '../../providers/authProvider';
import { resetPasswordPath } from './loginErrors';

export interface SignInHooks {
  /** The server wants a picture captcha (E30127). */
  onCaptchaRequired?: () => void;
  /** Any answer after a captcha was sent: the captcha is used up either way. */
  onAttemptFinished?: () => void;
  /** The account is locked (E30053): no captcha can help until the lock ends, so none is asked for. */
  onLocked?: () => void;
}

/**
 * Runs a sign-in through the auth provider and turns the answer into what the page shows:
 * the warning under the form, captcha escalation, the change-password dialogs and the
 * password-expiry reminder, then goes where the provider says. `returnTo` (the sign-in page's
 * safe ?redirect=) goes with every sign-in and every detour, and is where it lands.
 *
 * The login page lives outside <Refine> (its runtime would break the page's size budget),
 * so it calls authProvider.login itself instead of going through useLogin.
 */
export function useSignIn(returnTo: string | null = null) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  const [submitting, setSubmitting] = useState(false);
  const [warning, setWarning] = useState<string | null>(null);

  const askAboutExpiry = useCallback(
    (prompt: PasswordExpiryPrompt) => {
      feedback.confirm({
        title: t('login.expiry.title'),
        content: t('login.expiry.content', { days: prompt.days }),
        okText: t('login.actions.goChange'),
        cancelText: t('login.actions.skip'),
        onOk: () => navigate(resetPasswordPath(prompt.srmi, prompt.returnTo)),
        onCancel: async () => {
          const next = await auth.resumeLogin(prompt);
          if (next.redirectTo) navigate(next.redirectTo, { replace: true });
        },
      });
    },
    [navigate, t],
  );

  const showFailure = useCallback(
    (error: unknown, hooks: SignInHooks) => {
      const code = errorCode(error);
      const text = error instanceof Error ? error.message : '';
      if (code === CODE.captchaRequired) {
        hooks.onCaptchaRequired?.();
      } else if (code === CODE.codeWrong) {
        feedback.error(t('login.messages.captchaWrong'));
      } else if (code === CODE.noAppPermission) {
        // Refused for the application this page was reached from (its appId and way on are in the query): a page that says so and offers the ways on.
        navigate(`${SPA_PATHS.permissionsNone}${search}`);
      } else if (codeIn(CODE_GROUPS.signInWarnings, code)) {
        if (code === CODE.accountLocked) hooks.onLocked?.();
        setWarning(text);
      } else if (codeIn(CODE_GROUPS.passwordChangeRequired, code)) {
        const srmi = errorDataField(error, 'srmi');
        feedback.confirm({
          content: text,
          okText: t('login.actions.goChange'),
          cancelText: t('common.actions.close'),
          onOk: () => navigate(resetPasswordPath(srmi, returnTo)),
        });
      } else {
        feedback.refusal(error);
      }
    },
    [navigate, returnTo, search, t],
  );

  /** Goes where a successful sign-in leads; false when the page stays (a full-page load is under way). */
  const follow = useCallback(
    (result: LoginResult): boolean => {
      if (result.passwordExpiry) askAboutExpiry(result.passwordExpiry);
      else if (result.redirectTo) navigate(result.redirectTo, { replace: true });
      else return false;
      return true;
    },
    [askAboutExpiry, navigate],
  );

  const submit = useCallback(
    async (params: LoginParams, hooks: SignInHooks = {}): Promise<boolean> => {
      setSubmitting(true);
      setWarning(null);
      // A sign-in that ends in a full-page load keeps the button busy until the page goes.
      let leaving = false;
      try {
        const result = (await auth.provider.login({ ...params, returnTo })) as LoginResult;
        hooks.onAttemptFinished?.();
        if (!result.success) {
          showFailure(result.error, hooks);
          return false;
        }
        leaving = !follow(result);
        return true;
      } catch (error) {
        hooks.onAttemptFinished?.();
        showFailure(error, hooks);
        return false;
      } finally {
        if (!leaving) setSubmitting(false);
      }
    },
    [follow, returnTo, showFailure],
  );

  return { submit, follow, showFailure, submitting, setSubmitting, warning, setWarning };
}
