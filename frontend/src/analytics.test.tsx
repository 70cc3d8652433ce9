import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { injectAnalytics, track } from './analytics';
import { AnalyticsTag } from './AnalyticsTag';

const scripts = () => [...document.querySelectorAll('script[data-analytics-tag]')] as HTMLScriptElement[];

afterEach(() => {
  for (const s of scripts()) s.remove();
  delete window.gtag;
  delete window.dataLayer;
});

describe('track', () => {
  it('does nothing without analytics', () => {
    expect(() => track('cta_click', { event_label: 'hero_section_cta' })).not.toThrow();
  });

  it('sends an event through gtag when it exists', () => {
    const gtag = vi.fn();
    window.gtag = gtag;
    track('form_submit', { event_label: 'editorial' });
    expect(gtag).toHaveBeenCalledWith('event', 'form_submit', { event_label: 'editorial' });
  });

  it('never lets a broken gtag break the caller', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    window.gtag = () => {
      throw new Error('boom');
    };
    expect(() => track('x', {})).not.toThrow();
    expect(error).toHaveBeenCalledWith('Analytics error', expect.any(Error));
  });
});

describe('AnalyticsTag', () => {
  it('loads no script without an id', async () => {
    render(<AnalyticsTag id="" />);
    render(<AnalyticsTag id="   " />);
    await import('./analytics'); // what a configured id would have waited for
    expect(scripts()).toHaveLength(0);
    expect(window.gtag).toBeUndefined();
  });

  it('loads gtag.js once for a configured id and queues the config', async () => {
    render(<AnalyticsTag id="G-TEST123" />);
    render(<AnalyticsTag id="G-TEST123" />);
    await vi.waitFor(() => expect(scripts()).not.toHaveLength(0));
    const added = scripts();
    expect(added).toHaveLength(1);
    expect(added[0].src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
    expect(added[0].async).toBe(true);
    expect(typeof window.gtag).toBe('function');
    const queued = window.dataLayer!.map((args) => Array.from(args as ArrayLike<unknown>));
    expect(queued[0][0]).toBe('js');
    expect(queued[1]).toEqual(['config', 'G-TEST123']);
    // gtag.js reads Arguments objects, not arrays.
    expect(Array.isArray(window.dataLayer![0])).toBe(false);
  });

  it('makes track() reach the queue once loaded', () => {
    expect(injectAnalytics('G-TEST123')).toBe(true);
    expect(injectAnalytics('G-TEST123')).toBe(false);
    track('launch_signup', { event_category: 'engagement' });
    const last = Array.from(window.dataLayer!.at(-1) as ArrayLike<unknown>);
    expect(last).toEqual(['event', 'launch_signup', { event_category: 'engagement' }]);
  });
});
