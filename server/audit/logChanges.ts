/** The before and after an operation-log row stores as JSON; null for rows without (account operations) or unreadable ones. */
export function parseChanges(json: string | null): { before: unknown; after: unknown } | null {
  if (json === null) return null;
  try {
    const value = JSON.parse(json) as { before?: unknown; after?: unknown };
    return { before: value.before ?? null, after: value.after ?? null };
  } catch {
    return null;
  }
}
