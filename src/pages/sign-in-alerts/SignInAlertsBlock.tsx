import { lazy, Suspense } from 'react';
import { signInAlertEndpoints as ep } from '../../../contract/endpoints/signInAlerts';
import { useEndpointQuery } from '../../shared/hooks/useEndpoint';
import { ALERTS_LIST_INPUT } from './paths';

// Most people have no alert most mornings: the card's list, badges and dialog are not on /myApp's first load.
const SignInAlertsCard = lazy(() => import('./SignInAlertsCard'));

/** The sign-in alerts' place on /myApp: nothing until the list says there is an alert (or could not be read). */
export function SignInAlertsBlock() {
  const { data, query } = useEndpointQuery(ep.list, ALERTS_LIST_INPUT, { quiet: true });
  if (!query.isError && (!data || data.total === 0)) return null;
  return (
    <Suspense fallback={null}>
      <SignInAlertsCard data={data} failed={query.isError} />
    </Suspense>
  );
}
