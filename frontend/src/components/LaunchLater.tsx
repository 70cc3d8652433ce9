import { useEffect, useState, type ComponentType } from 'react';
import type { Site } from '../types';

// The launch widgets render nothing on the server and appear after
// hydration, so they load on their own once the page is interactive.
export function LaunchLater({ site }: { site: Site }) {
  const [Launch, setLaunch] = useState<ComponentType<{ site: Site }> | null>(null);
  useEffect(() => {
    void import('../launch/Launch').then((m) => setLaunch(() => m.Launch));
  }, []);
  return Launch ? <Launch site={site} /> : null;
}
