// Analytics is optional: the tag is only loaded when the site config names an
// analytics id, so every event is sent only if window.gtag exists. The type is
// read locally rather than declared on Window, so this module cannot clash
// with another part of the app that declares gtag its own way.
type Gtag = (command: 'event', action: string, params: Record<string, unknown>) => void;

export function track(action: string, params: Record<string, unknown>): void {
  if (typeof window === 'undefined') return;
  const gtag = (window as unknown as { gtag?: unknown }).gtag;
  if (typeof gtag === 'function') (gtag as Gtag)('event', action, params);
}
