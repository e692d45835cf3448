import { Authenticated, Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { lazy, Suspense } from 'react';
import { HashRouter, Navigate, Route, Routes } from 'react-router';
import { PageLoading } from '../shared/components/PageLoading';
import { useDayjsLocale } from '../shared/hooks/useDayjsLocale';
import { KitTextsContext, type KitTexts } from '../shared/kitTexts';
import { createDataProvider } from '../shared/providers/dataProvider';
import { notificationProvider } from '../shared/providers/notificationProvider';
import { landingFor } from './duty/landing';
import { workbenchI18nProvider } from './i18n';
import { WorkbenchLayout } from './layout/WorkbenchLayout';
import { accessControlProvider } from './providers/accessControlProvider';
import { authProvider, workbenchAuth } from './providers/authProvider';
import { ENDPOINTS } from './providers/endpoints';
import { resources, routes } from './resources';

const dataProvider = createDataProvider(ENDPOINTS);
const PageNotFound = lazy(() => import('./pages/notFound/PageNotFound'));

/** The kit's lists and panels in the workbench's words (its locale files, under `wb.`). */
const WORKBENCH_TEXTS: KitTexts = {
  empty: 'wb.common.empty',
  loadFailed: 'wb.common.loadFailed',
  total: 'wb.common.total',
  retry: 'wb.common.retry',
  query: 'wb.common.query',
  clear: 'wb.common.reset',
  clearId: 'reset',
  wrapButtons: true,
};

const refineOptions = {
  disableTelemetry: true,
  // The check runs once in <Authenticated>; routes change inside the hash only.
  disableRouteChangeHandler: true,
  syncWithLocation: false,
  reactQuery: {
    clientConfig: {
      // A refusal is toasted once by the hook that asked; retries would only repeat it.
      defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
    },
  },
};

function Landing() {
  return <Navigate to={landingFor(workbenchAuth.access())} replace />;
}

/** The administrators' workbench: a Refine application on hash routes under /systemhub/. */
export function Workbench() {
  useDayjsLocale();
  return (
    <HashRouter>
      <KitTextsContext value={WORKBENCH_TEXTS}>
        <Refine
          routerProvider={routerProvider}
          dataProvider={dataProvider}
          authProvider={authProvider}
          accessControlProvider={accessControlProvider}
          i18nProvider={workbenchI18nProvider}
          notificationProvider={notificationProvider}
          resources={resources}
          options={refineOptions}
        >
          <Routes>
            <Route
              element={
                // A failed check has already sent the browser away (sign-in page or personal centre).
                <Authenticated key="workbench" fallback={<PageLoading minHeight="100vh" />} loading={<PageLoading minHeight="100vh" />}>
                  <WorkbenchLayout />
                </Authenticated>
              }
            >
              {routes.map(({ path, Page }) => (
                <Route
                  key={path}
                  path={path}
                  element={
                    <Suspense fallback={<PageLoading />}>
                      <Page />
                    </Suspense>
                  }
                />
              ))}
              {/* Each administrator opens on their own start page (the check above has read their duty). */}
              <Route index element={<Landing />} />
              {/* A path of no page says so: landing on the home page instead hid a mistyped or outdated link. */}
              <Route
                path="*"
                element={
                  <Suspense fallback={<PageLoading />}>
                    <PageNotFound />
                  </Suspense>
                }
              />
            </Route>
          </Routes>
        </Refine>
      </KitTextsContext>
    </HashRouter>
  );
}
