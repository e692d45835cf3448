import type { SecondAuthAppInfo } from '../../../contract/schemas/signIn';

/** The application the person is signing in to: its logo and name. */
export function AppBanner({ info }: { info: SecondAuthAppInfo }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12, marginBottom: 16 }} data-testid="second-auth-app">
      {info.icon ? <img src={info.icon} alt="" width={40} height={40} style={{ borderRadius: 8 }} /> : null}
      <span style={{ fontSize: 18, fontWeight: 500 }}>{info.appName}</span>
    </div>
  );
}
