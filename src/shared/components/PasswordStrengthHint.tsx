import { signInEndpoints } from '../../../contract/endpoints/signIn';
import { useEndpointQuery } from '../hooks/useEndpoint';
import { useTranslation } from 'react-i18next';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/**
 * The policy rules as plain text lines. The server sends them as an HTML list; only the <li>
 * texts are kept (tags dropped, the common entities decoded) and React renders them as text,
 * so nothing the server sends is ever interpreted as markup.
 */
export function policyLines(html: unknown): string[] {
  if (typeof html !== 'string') return [];
  return [...html.matchAll(/<li[^>]*>([\s\S]*?)<\/li>/gi)]
    .map((match) => match[1].replace(/<[^>]*>/g, '').replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name]).trim())
    .filter(Boolean);
}

/**
 * The password policy text of the server (its language follows the page's), as a list; nothing
 * when it cannot be had. A new account (registration) is not shown the rules about earlier passwords.
 */
export function PasswordStrengthHint({ forNewAccount = false }: { forNewAccount?: boolean }) {
  const { t, i18n } = useTranslation();
  const { data } = useEndpointQuery(signInEndpoints.pwdStrategy, forNewAccount ? { forNewAccount } : {}, { quiet: true, language: i18n.language });
  const lines = policyLines(data);
  if (!lines.length) return null;
  return (
    <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.6)', marginTop: 4 }} data-testid="password-policy">
      <span>{t('login.strength.policy')}</span>
      <ul style={{ margin: '2px 0 0', paddingInlineStart: 18 }}>
        {lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </div>
  );
}
