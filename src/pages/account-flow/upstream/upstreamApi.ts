import { upstreamEndpoints } from '../../../../contract/endpoints/upstream';
import type { LoginResponse } from '../../../../contract/schemas/auth';
import type { UpstreamFinishResult } from '../../../../contract/schemas/upstream';
import { call } from '../../../shared/providers/api';
import { deviceInfo } from '../../../shared/providers/device';
import { sm2Client } from '../../../shared/providers/sm2';

/** The sign-in page takes over the identity the provider proved (the ticket in ?upstream=). */
export async function finishUpstream(ticket: string): Promise<UpstreamFinishResult> {
  return call(upstreamEndpoints.finish, { ticket, ...(await deviceInfo()) });
}

/** First sign-in: the portal account and its password (SM2, as the password tab sends them) link the two. */
export async function bindUpstream(srmi: string, account: string, password: string): Promise<LoginResponse> {
  const [userId, secret, device] = await Promise.all([sm2Client.encrypt(account.trim()), sm2Client.encrypt(password), deviceInfo()]);
  return call(upstreamEndpoints.bind, { srmi, userId, password: secret, ...device });
}
