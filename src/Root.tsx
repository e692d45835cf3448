import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AppShell } from './shared/components/AppShell';
import { PageLoading } from './shared/components/PageLoading';
import { LOGIN_PATH } from './config';

/*
 * Two lazily loaded halves: the sign-in page, and the Refine application for everything else.
 * The sign-in page must stay within 250 KB gzipped JS, which leaves no room for the Refine
 * runtime (core, react-query, qs, papaparse, lodash: about 55 KB gzipped), so it calls the
 * auth provider directly rather than through Refine's hooks.
 */
const LoginPage = lazy(() => import('./pages/sign-in/LoginPage'));
// Drawn once the reader's language's page texts are here too (providers/pageLocales.ts).
const App = lazy(() => import('./App').then(async (module) => {
  await module.pageLocalesReady;
  return module;
}));

export function Root() {
  return (
    <BrowserRouter>
      <AppShell>
        <Suspense fallback={<PageLoading />}>
          <Routes>
            <Route path={LOGIN_PATH} element={<LoginPage />} />
            <Route path="*" element={<App />} />
          </Routes>
        </Suspense>
      </AppShell>
    </BrowserRouter>
  );
}
