import { CODE_GROUPS, type ResultCode } from '../../../contract/codes';
import { passwordEndpoints } from '../../../contract/endpoints/passwords';
import { call } from '../../providers/api';
import { sm2Client } from '../../providers/sm2';

export interface RegisterValues {
  userId?: string;
  userName: string;
  mobileNo: string;
  password: string;
  enterprise?: string;
  email?: string;
}

/** Policy and field refusals the form shows in its own alert. */
export const REGISTER_REFUSALS: readonly ResultCode[] = [...CODE_GROUPS.passwordPolicy, ...CODE_GROUPS.registration];

/**
 * Self-registration. The server answers message SUCCESS with D00000; the http layer turns any
 * other answer into a rejection, so resolving is the success the spec reads from the message.
 */
export async function registerAccount(values: RegisterValues): Promise<{ userId: string }> {
  return call(
    passwordEndpoints.register,
    {
      userId: values.userId?.trim() || undefined,
      userName: values.userName.trim(),
      mobileNo: values.mobileNo,
      password: await sm2Client.encrypt(values.password),
      email: values.email?.trim() || undefined,
      description: values.enterprise?.trim() || undefined,
      deptCodes: [],
      forceChangePwdFirstLogin: false,
    },
    { silent: REGISTER_REFUSALS },
  );
}
