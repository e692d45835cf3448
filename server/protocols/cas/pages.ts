import type { Lang } from '../../../contract/codes.js';
import { text } from '../../platform/lib/texts.js';
import { shell } from '../oidc/pages.js';

export { loggedOutPage } from '../oidc/pages.js';

/** The pages the CAS server shows itself, in the portal's colours; nothing from the request is echoed. */
function notice(lang: Lang, title: 'cas.badServiceTitle' | 'cas.unregisteredTitle', lead: 'cas.badServiceLead' | 'cas.unregisteredLead'): string {
  return shell(lang, text(title, lang), `<h1>${text(title, lang)}</h1><p>${text(lead, lang)}</p><p><a href="/">${text('cas.backToPortal', lang)}</a></p>`);
}

/** A service that is no URL a ticket may go to (not http(s), userinfo, fragment, too long). */
export const badServicePage = (lang: Lang) => notice(lang, 'cas.badServiceTitle', 'cas.badServiceLead');

/** A service no application registered: no ticket, and never a redirect to it. */
export const unregisteredPage = (lang: Lang) => notice(lang, 'cas.unregisteredTitle', 'cas.unregisteredLead');
