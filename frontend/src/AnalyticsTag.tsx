import { useEffect } from 'react';

// Renders nothing; after hydration, when the site config sets an analytics
// id, it loads the analytics module and injects the tag, so the server markup
// never depends on it and a site without analytics never loads its code.
export function AnalyticsTag({ id }: { id: string }) {
  useEffect(() => {
    if (id.trim()) void import('./analytics').then((m) => m.injectAnalytics(id));
  }, [id]);
  return null;
}
