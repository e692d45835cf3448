import { Authenticated, Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { App as AntdApp } from 'antd';
import { Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import { PageLoading } from './shared/components/PageLoading';
import { HOME_PATH } from './config';
import { useDayjsLocale } from './shared/hooks/useDayjsLocale';
import * as Pages from './pages';
import { accessControlProvider } from './providers/accessControlProvider';
import { authProvider } from './providers/authProvider';
import { createDataProvider } from './shared/providers/dataProvider';
import { i18nProvider } from './shared/providers/i18nProvider';
import { notificationProvider } from './shared/providers/notificationProvider';
export { pageLocalesReady } from './providers/pageLocales';
import { endpointTable, resources } from './resources';
import { http } from './shared/providers/http';
import { withEarlyAnswers } from './shared/providers/earlyCalls';

const dataProvider = createDataProvider(endpointTable);
// The home page's first calls, asked by the entry while this code downloaded (src/main.tsx).
http.useTransport(withEarlyAnswers);

const refineOptions = {
  // The session check runs in <Authenticated>; Refine's own per-route check would also
  // fire on the public pages and ask the server about a session that is not there.
  disableRouteChangeHandler: true,
  disableTelemetry: true,
  reactQuery: {
    clientConfig: {
      // A failure is toasted by its hook's errorNotification; silent retries would only delay it.
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
    },
  },
};

/**
 * Signed-in part: session check, then the layout around the page. Without a session the check
 * answers the sign-in page with the way back (/login?redirect=<this page>); Refine's own `to`
 * parameter is not used, the sign-in page reads `redirect`.
 */
function Protected() {
  return (
    <Authenticated key="protected" redirectOnFail appendCurrentPathToQuery={false} loading={<PageLoading />}>
      <Pages.PortalLayout />
    </Authenticated>
  );
}

/**
 * The Refine application: every route except /login, which Root renders on its own so the
 * sign-in page does not download the Refine runtime. Loaded lazily by Root.
 */
export default function App() {
  useDayjsLocale();
  // Refine's own texts (its buttons, notifications) re-render when its i18n context value
  // changes: a provider object per language re-translates them on a language switch.
  const { i18n } = useTranslation();
  const language = i18n.language;
  const translations = useMemo(() => ({ ...i18nProvider, getLocale: () => language }), [language]);
  return (
    // antd's App gives the pages context-aware confirm dialogs and warnings (App.useApp()).
    <AntdApp component={false}>
      <Refine
        routerProvider={routerProvider}
        dataProvider={dataProvider}
        authProvider={authProvider}
        accessControlProvider={accessControlProvider}
        i18nProvider={translations}
        notificationProvider={notificationProvider}
        resources={resources}
        options={refineOptions}
      >
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route element={<Protected />}>
              <Route path="/myApp" element={<Pages.MyAppsPage />} />
              <Route path="/info" element={<Pages.InfoPage />} />
              <Route path="/safe" element={<Pages.SafePage />} />
              <Route path="/device" element={<Pages.DevicePage />} />
              <Route path="/mailbox" element={<Pages.MailboxPage />} />
              <Route path="/mailbox/groupMember" element={<Pages.GroupMemberPage />} />
              <Route path="/applicationAuthority" element={<Pages.RequestsPage />} />
              <Route path="/approvalAuthority" element={<Pages.ApprovalsPage />} />
              <Route path="/log" element={<Pages.LogPage />} />
            </Route>
            <Route path="/404" element={<Pages.NotFoundPage />} />
            <Route path="/permissionsNone" element={<Pages.PermissionsNonePage />} />
            <Route path="/forgetPassword" element={<Pages.ForgetPasswordPage />} />
            <Route path="/resetPassword" element={<Pages.ResetPasswordPage />} />
            <Route path="/registerAccount" element={<Pages.RegisterPage />} />
            <Route path="/secondAuth" element={<Pages.SecondAuthPage />} />
            <Route path="/selfService" element={<Pages.SelfServicePage />} />
            <Route path="/activate" element={<Pages.ActivatePage />} />
            <Route path="/not-me" element={<Pages.NotMePage />} />
            <Route path="/" element={<Navigate to={HOME_PATH} replace />} />
            <Route path="*" element={<Navigate to={HOME_PATH} replace />} />
          </Routes>
        </Suspense>
      </Refine>
    </AntdApp>
  );
}
