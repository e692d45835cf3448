import type { FastifyInstance } from 'fastify';
import { CODE } from '../../../contract/codes.js';
import { adminSamlKeysEndpoints as e } from '../../../contract/endpoints/admin/samlKeys.js';
import { AppError } from '../../platform/lib/errors.js';
import { serve } from '../../platform/http/serve.js';

/** Workbench: the identity provider's signing keys (the plugin decorates the app with them). */
export default async function adminSamlKeysRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.samlKeyList, async () => ({ items: await app.samlKeys.list() }));
  serve(app, e.samlKeyRotate, async ({ input, services, user, caller }) => {
    const before = (await app.samlKeys.published()).map((k) => ({ kid: k.kid, status: k.status }));
    const outcome = await app.samlKeys.rotate(input.current);
    if (outcome.kind === 'stale') throw new AppError(CODE.samlKeyRotatedMeanwhile);
    if (outcome.kind === 'tooNew') throw new AppError(CODE.samlKeyNotPublishedLongEnough, { minutes: Math.max(1, Math.ceil(outcome.waitMs / 60_000)) });
    const rotated = { current: outcome.current, next: outcome.next };
    await services.audit.adminChange(user.userRef, 'ADMIN_SAML_KEY_ROTATE', 'saml:keys', { before, after: rotated }, caller);
    return rotated;
  });
}
