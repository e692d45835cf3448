import { ConfigProvider } from 'antd';
// The ES builds: antd/locale/* is CommonJS, whose default import reached the page as the module
// object, so every antd text (pagination, date pickers) silently fell back to English.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import type { ThemeConfig } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { usePrefersReducedMotion } from '../hooks/usePrefersReducedMotion';
import { i18n } from '../providers/i18nProvider';
import { theme } from '../theme';
import { FeedbackBridge } from './FeedbackBridge';

/** antd configuration that follows the chosen language and the system's reduced-motion setting. */
function AntdConfig({ base, children }: { base: ThemeConfig; children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const en = current.language === 'en';
  const reducedMotion = usePrefersReducedMotion();
  // antd's fades, slides and button ripples all hang off `motion` and `wave`.
  const themed = useMemo(() => (reducedMotion ? { ...base, token: { ...base.token, motion: false } } : base), [base, reducedMotion]);
  return (
    // Chinese two-character buttons would get a space inserted (登 录); tests and users expect 登录.
    <ConfigProvider locale={en ? enUS : zhCN} theme={themed} wave={{ disabled: reducedMotion }} button={{ autoInsertSpace: false }}>
      <FeedbackBridge />
      {children}
    </ConfigProvider>
  );
}

/** Language, theme (the portal's unless another is given) and feedback for every page, signed in or not. */
export function AppShell({ theme: base = theme, children }: { theme?: ThemeConfig; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <AntdConfig base={base}>{children}</AntdConfig>
    </I18nextProvider>
  );
}
