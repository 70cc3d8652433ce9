import { useEffect, useState } from 'react';
import type { Site } from '../types';

export function isDebugHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  const under = (domain: string) => h === domain || h.endsWith(`.${domain}`);
  return h === 'localhost' || h === '127.0.0.1' || under('replit.dev') || under('repl.co');
}

// Build facts for whoever is testing the forms on a development host. The
// host is only known in the browser, so the check runs after mount: the
// server (and the first client render) never include the panel, which keeps
// hydration clean.
export function DebugPanel({ site }: { site: Site }) {
  const [host, setHost] = useState<string | null>(null);

  useEffect(() => {
    const h = window.location.hostname;
    if (isDebugHost(h)) setHost(h);
  }, []);

  if (!host) return null;
  const endpoints: [string, string][] = [
    ['Editorial', site.forms.editorial],
    ['Partnership', site.forms.partnership],
    ['Newsletter', site.forms.newsletter],
  ];
  return (
    <aside className="landing-debug" aria-label="Debug panel">
      <h2 className="landing-debug__title">Debug panel</h2>
      <p className="landing-debug__note">Shown only on development hosts ({host}).</p>
      <dl className="landing-debug__list">
        <div className="landing-debug__row">
          <dt>Build</dt>
          <dd>
            {site.name} ({site.magazine})
          </dd>
        </div>
        {endpoints.map(([label, url]) => (
          <div key={label} className="landing-debug__row">
            <dt>{label} endpoint</dt>
            <dd>
              <code>{url || '(not configured)'}</code>
            </dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
