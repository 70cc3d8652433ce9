import { useEffect, useState, type ComponentType } from 'react';
import { launchNoticeShown } from '../launch/countdown';
import type { Site } from '../types';

// The launch widgets render nothing on the server and appear after
// hydration, so they load on their own once the page is interactive; when
// the notice is off or its day has passed, they are not even loaded.
export function LaunchLater({ site }: { site: Site }) {
  const [Launch, setLaunch] = useState<ComponentType<{ site: Site }> | null>(null);
  const { launchNotice, launchDate, timeZone } = site;
  useEffect(() => {
    if (!launchNoticeShown({ launchNotice, launchDate, timeZone }, new Date())) return;
    void import('../launch/Launch').then((m) => setLaunch(() => m.Launch));
  }, [launchNotice, launchDate, timeZone]);
  return Launch ? <Launch site={site} /> : null;
}
