import { CODE } from '../../../../contract/codeNames';
import { signInEndpoints } from '../../../../contract/endpoints/signIn';
import type { LoginResponse } from '../../../../contract/schemas/auth';
import { callThrough } from '../../../shared/providers/api';
import { errorCode, errorDataField } from '../../../shared/providers/apiError';
import type { DeviceInfo } from '../../../shared/providers/device';
import type { Http } from '../../../shared/providers/http';

export type DirectoryType = 'LDAP' | 'PA_ACCOUNT';

export interface DirectoryDeps {
  http: Http;
  encrypt: (value: string) => Promise<string>;
  device: () => Promise<DeviceInfo>;
}

export interface DirectoryInput {
  loginType: DirectoryType;
  account: string;
  password: string;
  validCode?: string;
  capKey?: string;
  appId?: string;
}

export type DirectoryOutcome =
  | { kind: 'signedIn'; response: LoginResponse }
  /** The directory account is not linked yet: prove a portal account by its phone. */
  | { kind: 'bind'; srmi: string }
  /** The company-token service refused (E60002): its own message, and whether it wants a captcha. */
  | { kind: 'casRefused'; message: string; needCaptcha: boolean }
  /** Any other refusal, for the sign-in page's usual handling (warnings, captcha, dialogs). */
  | { kind: 'failed'; error: unknown };

const NEED_RAND_CODE = 'NEED_RAND_CODE';

/** Directory and company-token sign-in (pacas/authenticate), its answer sorted into what the page does next. */
export async function directorySignIn(input: DirectoryInput, deps: DirectoryDeps): Promise<DirectoryOutcome> {
  try {
    const [userId, password, device] = await Promise.all([deps.encrypt(input.account.trim()), deps.encrypt(input.password), deps.device()]);
    const result = await callThrough(deps.http)(
      signInEndpoints.pacasAuthenticate,
      { userId, password, loginType: input.loginType, validCode: input.validCode || undefined, capKey: input.capKey || undefined, appId: input.appId || undefined, ...device },
    );
    if (result.casCode === 'NEED_BINDING' && result.casData.srmi) return { kind: 'bind', srmi: result.casData.srmi };
    if (result.casCode === 'SUCCESS' && result.casData.data) return { kind: 'signedIn', response: result.casData.data };
    return { kind: 'failed', error: new Error(`unexpected answer ${result.casCode}`) };
  } catch (error) {
    if (errorCode(error) === CODE.casRefused) {
      const message = errorDataField(error, 'casMessage') ?? (error as Error).message;
      return { kind: 'casRefused', message, needCaptcha: errorDataField(error, 'casCode') === NEED_RAND_CODE };
    }
    return { kind: 'failed', error };
  }
}

export type BindSendOutcome = { kind: 'sent'; smsCodeKey: string } | { kind: 'tooEarly' } | { kind: 'captchaWrong'; message: string } | { kind: 'failed'; error: unknown };

/** Texts a code to the main account's phone, after the picture captcha. */
export async function sendBindCode(body: { srmi: string; mobileNo: string; capKey: string; capText: string }, http: Http): Promise<BindSendOutcome> {
  try {
    const sent = await callThrough(http)(signInEndpoints.pacasSendMsg, body);
    return { kind: 'sent', smsCodeKey: sent.smsCodeKey || sent.msgCodeKey };
  } catch (error) {
    const code = errorCode(error);
    // A code sent under a minute ago still counts: the timer starts again rather than failing.
    if (code === CODE.casResendTooEarly) return { kind: 'tooEarly' };
    if (code === CODE.codeWrong) return { kind: 'captchaWrong', message: (error as Error).message };
    return { kind: 'failed', error };
  }
}

/** Links the directory account to the portal account that owns the phone, and signs it in. */
export async function bindMainAccount(
  body: { srmi: string; mobileNo: string; validateCode: string; smsCodeKey: string },
  deps: Pick<DirectoryDeps, 'http' | 'device'>,
): Promise<LoginResponse> {
  return callThrough(deps.http)(signInEndpoints.pacasBind, { ...body, ...(await deps.device()) });
}
