import { useEffect, useState } from 'react';
import { NARROW_WIDTH } from '../../../contract/rules';

const query = `(max-width: ${NARROW_WIDTH - 0.02}px)`;

/** Narrower than 1200 px, where the step bar gives way to a "1/4" progress text. */
export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const media = window.matchMedia(query);
    const update = () => setNarrow(media.matches);
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);
  return narrow;
}
