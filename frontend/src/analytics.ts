// Google Analytics (gtag.js). The tag is loaded only when the site config
// sets an analytics id; without one, track() is a no-op and nothing is
// requested from a third party.

declare global {
  interface Window {
    gtag?: (...args: unknown[]) => void;
    dataLayer?: unknown[];
  }
}

const SCRIPT_ATTR = 'data-analytics-tag';

// Sends one event if the analytics function exists. Analytics must never
// break what the visitor is doing, so a throwing gtag is only logged.
export function track(event: string, params: Record<string, unknown> = {}): void {
  if (typeof window === 'undefined' || typeof window.gtag !== 'function') return;
  try {
    window.gtag('event', event, params);
  } catch (e) {
    console.error('Analytics error', e);
  }
}

// Adds the gtag.js script and its command queue once per document. Returns
// whether a script was added (false for an empty id or a second call).
export function injectAnalytics(id: string, doc: Document = document): boolean {
  const trimmed = id.trim();
  if (!trimmed || doc.querySelector(`script[${SCRIPT_ATTR}]`)) return false;
  const win = doc.defaultView;
  if (!win) return false;
  win.dataLayer = win.dataLayer || [];
  // gtag.js reads its queue as Arguments objects; an array of the same
  // values (what a rest parameter gives) is ignored, hence `arguments`.
  win.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    win.dataLayer!.push(arguments);
  };
  win.gtag('js', new Date());
  win.gtag('config', trimmed);
  const script = doc.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(trimmed)}`;
  script.setAttribute(SCRIPT_ATTR, trimmed);
  doc.head.appendChild(script);
  return true;
}
