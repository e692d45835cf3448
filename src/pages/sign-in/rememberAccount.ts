import { STORAGE_KEYS } from '../../config';
import { preferences } from '../../shared/providers/storage';

/** The account name the user asked this browser to remember, or null (off by default). */
export function rememberedAccount(): string | null {
  const value = preferences.getItem(STORAGE_KEYS.rememberedAccount);
  return value?.trim() ? value : null;
}

/** Keeps only the account name (never a password) when asked; forgets it when not. */
export function rememberAccount(account: string | null): void {
  if (account?.trim()) preferences.setItem(STORAGE_KEYS.rememberedAccount, account.trim());
  else preferences.removeItem(STORAGE_KEYS.rememberedAccount);
}
