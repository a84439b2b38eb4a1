// Whether the console is as narrow as a phone (390 px): wide tables then stop pinning their action column, which
// would otherwise take most of the visible width and leave the rows no room to scroll.
import { useEffect, useState } from 'react';

const QUERY = '(max-width: 640px)';

export function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches);
  useEffect(() => {
    if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(QUERY);
    const update = () => setNarrow(list.matches);
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return narrow;
}
