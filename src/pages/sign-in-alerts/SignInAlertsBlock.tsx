import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { signInAlertEndpoints as ep } from '../../../contract/endpoints/signInAlerts';
import { useEndpointQuery } from '../../shared/hooks/useEndpoint';
import type { Result } from '../../shared/providers/api';
import { ALERTS_LIST_INPUT } from './paths';

type CardProps = { data: Result<typeof ep.list> | undefined; failed: boolean };

// Most people have no alert most mornings: the card's list, badges and dialog are not on /myApp's first load.
const loadCard = () => import('./SignInAlertsCard');

/**
 * The sign-in alerts' place on /myApp: `block` is nothing until the list says there is an alert
 * (or could not be read). `settled` says the block has its final height: the list answered, and
 * when there is something to show, the card's code has arrived (or could not). What /myApp draws
 * below the block waits for it: an alert arriving after the applications pushed every tile down
 * by the card's height, under a pointer already on its way to one.
 */
export function useSignInAlerts(): { settled: boolean; block: ReactNode } {
  const { data, query } = useEndpointQuery(ep.list, ALERTS_LIST_INPUT, { quiet: true });
  const shows = query.isError || (data?.total ?? 0) > 0;
  // The module's component itself, not React.lazy: rendered the moment it is here, in the same
  // commit as what follows it, with no Suspense fallback in between.
  const [card, setCard] = useState<{ Card: ComponentType<CardProps> | null } | null>(null);
  useEffect(() => {
    if (!shows || card) return;
    let live = true;
    loadCard().then(
      (m) => live && setCard({ Card: m.default }),
      // Without its code the alerts cannot be shown; the page is not held for them.
      () => live && setCard({ Card: null }),
    );
    return () => {
      live = false;
    };
  }, [shows, card]);
  const settled = data !== undefined || query.isError ? !shows || card !== null : false;
  const Card = shows ? card?.Card : null;
  return { settled, block: Card ? <Card data={data} failed={query.isError} /> : null };
}
