import type { FastifyInstance } from 'fastify';
import { adminAppsSignOnEndpoints as e } from '../../contract/endpoints/admin/appsSignOn.js';
import { SAML_METADATA_BODY_BYTES } from '../../contract/schemas/admin/appsSignOn.js';
import { serve, signedInFor } from '../platform/http/serve.js';

/** Workbench: an application as a SAML service provider or a CAS service. */
export default async function adminAppsSignOnRoutes(app: FastifyInstance): Promise<void> {
  // The two routes that carry an SP's metadata (up to 256 KB of XML) take bodies beyond the app's
  // 64 KiB; the session and role are checked before a byte of such a body is read.
  await app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: SAML_METADATA_BODY_BYTES }, scope.getDefaultJsonParser('error', 'error'));
    scope.addHook('preParsing', async (request) => {
      await signedInFor(scope.services, request, e.samlSave);
    });
    serve(scope, e.samlParseMetadata, async ({ input, services }) => services.admin.saml.parseMetadata(input.xml));
    serve(scope, e.samlSave, ({ input, services, user, caller }) => services.admin.saml.save(user, input, caller));
  });
  serve(app, e.samlGet, ({ input, services, user }) => services.admin.saml.get(user, input.id));
  serve(app, e.samlRemove, ({ input, services, user, caller }) => services.admin.saml.remove(user, input.id, caller));
  serve(app, e.casGet, ({ input, services, user }) => services.admin.cas.get(user, input.id));
  serve(app, e.casSave, ({ input, services, user, caller }) => services.admin.cas.save(user, input, caller));
}
