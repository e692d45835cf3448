import type { ServiceContext } from '../composition/context.js';
import type { CoreServices } from '../composition/coreServices.js';
import { factorAccountService } from './account.js';
import { factorAdding } from './adding.js';
import { factorAdminService } from './adminService.js';
import { factorChecks } from './checks.js';
import { enrolStepService } from './enrolStep.js';
import { passwordlessService } from './passwordless.js';
import type { FactorPolicyService } from './policy.js';
import { secretBox } from './secretBox.js';
import { factorSignInService } from './signIn.js';
import { webauthnCeremonies } from './webauthn.js';

/** The second factors' services: the sign-in step, passwordless sign-in, the enrolment step, account security, the workbench. */
export function buildFactorServices(
  ctx: ServiceContext,
  core: Pick<CoreServices, 'tickets' | 'audit' | 'flow' | 'secrets' | 'settings' | 'sm2' | 'credentials' | 'sessions'>,
  policy: FactorPolicyService,
) {
  const box = secretBox(core.secrets, 'totp');
  const checks = factorChecks(ctx, box);
  const ceremonies = webauthnCeremonies(ctx, core.secrets);
  const adding = factorAdding(ctx, { audit: core.audit, settings: core.settings, box, ceremonies });
  return {
    policy,
    signIn: factorSignInService(ctx, { ...core, policy, checks, ceremonies }),
    passwordless: passwordlessService(ctx, { ...core, ceremonies }),
    enrol: enrolStepService(ctx, { tickets: core.tickets, adding }),
    account: factorAccountService(ctx, { ...core, policy, checks, ceremonies, adding }),
    admin: factorAdminService(ctx, { audit: core.audit, policy }),
  };
}

export type FactorServices = ReturnType<typeof buildFactorServices>;
