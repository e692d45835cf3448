/** The seconds an E00408 refusal says are left before a new code may be requested, if it says. */
export function resendInOf(error: unknown): number | null {
  const data = error && typeof error === 'object' ? (error as { data?: unknown }).data : null;
  const value = data && typeof data === 'object' ? (data as { resendIn?: unknown }).resendIn : null;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}
