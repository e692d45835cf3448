import type { FastifyInstance } from 'fastify';
import { adminSamlKeysEndpoints as e } from '../../../contract/endpoints/admin/samlKeys.js';
import { serve } from '../../platform/http/serve.js';

/** Workbench: the identity provider's signing keys (the plugin decorates the app with them). */
export default async function adminSamlKeysRoutes(app: FastifyInstance): Promise<void> {
  serve(app, e.samlKeyList, async () => ({ items: await app.samlKeys.list() }));
  serve(app, e.samlKeyRotate, async ({ services, user, caller }) => {
    const before = (await app.samlKeys.published()).map((k) => ({ kid: k.kid, status: k.status }));
    const rotated = await app.samlKeys.rotate();
    await services.audit.adminChange(user.userRef, 'ADMIN_SAML_KEY_ROTATE', 'saml:keys', { before, after: rotated }, caller);
    return rotated;
  });
}
