/**
 * Where a notice's link may lead: a page of this site ("/…", not "//host") or an http(s) address.
 * The server checks the same when an administrator saves it; this keeps a `javascript:` or
 * `data:` link written before that check (or by hand in the database) from ever becoming an href.
 */
export function safeNoticeLink(link: string | null | undefined): { href: string; external: boolean } | null {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//')) return { href: link, external: false };
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? { href: url.href, external: true } : null;
  } catch {
    return null;
  }
}
