import { useEffect, type CSSProperties } from 'react';

declare global {
  interface Window {
    adsbygoogle?: unknown[];
  }
}

// SPEC.md §9: an ad slot is at least this tall on story pages (the generic
// page and the article layouts that carry ads).
export const STORY_AD_HEIGHT = 200;

export interface AdSlotProps {
  client: string; // publisher id from the site config; empty reserves the space only
  slot?: string;
  format?: string;
  layout?: string;
  layoutKey?: string;
  style?: CSSProperties;
  className?: string;
  minHeight: number;
  // Its landmark's name: two slots on a page need names of their own.
  label?: string;
}

// An ad slot. On mount it asks the ad script for one ad; a failure is only
// logged. Without a publisher id it keeps the same reserved, labelled box so
// the page never shifts when ads are switched on.
export function AdSlot({ client, slot, format = 'auto', layout, layoutKey, style = { display: 'block' }, className = '', minHeight, label = 'Advertisement' }: AdSlotProps) {
  useEffect(() => {
    if (!client) return;
    try {
      (window.adsbygoogle = window.adsbygoogle || []).push({});
    } catch (e) {
      console.error('AdSense error', e);
    }
  }, [client, slot]);

  return (
    <aside className={`ad-slot ${className}`.trim()} aria-label={label} style={{ minHeight }}>
      <span className="ad-slot__label">Advertisement</span>
      {client ? (
        <ins
          className="adsbygoogle"
          style={{ ...style, minHeight: minHeight - 24 }}
          data-ad-client={client}
          data-ad-slot={slot}
          data-ad-format={format}
          data-ad-layout={layout}
          data-ad-layout-key={layoutKey}
          data-full-width-responsive="true"
        />
      ) : null}
    </aside>
  );
}
