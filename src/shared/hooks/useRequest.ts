import { useCallback, useEffect, useState } from 'react';

export interface RequestState<T> {
  data: T | undefined;
  error: unknown;
  isLoading: boolean;
  reload: () => void;
}

interface Answer<T> {
  token: string;
  data: T | undefined;
  error: unknown;
}

/**
 * One call when the component mounts (and again when `key` changes or on reload), for the
 * sign-in page and the few components it shares (slider captcha, demo outbox): they run
 * outside <Refine> and so cannot use its data hooks (useEndpointQuery). An answer
 * counts only for the request that asked for it, so a slow old answer never shows.
 */
export function useRequest<T>(load: () => Promise<T>, key: string): RequestState<T> {
  const [answer, setAnswer] = useState<Answer<T> | null>(null);
  const [round, setRound] = useState(0);
  const token = `${round}:${key}`;

  useEffect(() => {
    let live = true;
    load().then(
      (data) => live && setAnswer({ token, data, error: null }),
      (error: unknown) => live && setAnswer({ token, data: undefined, error }),
    );
    return () => {
      live = false;
    };
    // `load` is a new closure every render; `token` says when the request really changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  const current = answer?.token === token ? answer : null;
  return { data: current?.data, error: current?.error ?? null, isLoading: !current, reload };
}
