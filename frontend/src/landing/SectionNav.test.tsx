import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MENU_SCROLL_DELAY_MS } from './SectionNav';
import { renderLanding } from './fixture';

const proto = HTMLElement.prototype as unknown as { scrollIntoView?: unknown };
let scrollIntoView: ReturnType<typeof vi.fn>;
const original = proto.scrollIntoView;

beforeEach(() => {
  scrollIntoView = vi.fn();
  proto.scrollIntoView = scrollIntoView;
  window.history.replaceState({ idx: 0, key: 'k' }, '', '/about');
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  proto.scrollIntoView = original;
});

const toggle = () => screen.getByRole('button', { name: 'On this page' });
const nav = () => screen.getByRole('navigation', { name: 'On this page' });

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (q: string) => ({ matches: reduce && q === '(prefers-reduced-motion: reduce)', media: q }));
}

describe('SectionNav', () => {
  it('links to every section of the page', () => {
    renderLanding();
    const links = [...nav().querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['#home', '#about', '#why', '#who', '#join', '#newsletter']);
    for (const a of links) expect(document.getElementById(a.getAttribute('href')!.slice(1))).toBeTruthy();
  });

  it('opens and closes the mobile menu, also with Escape', () => {
    renderLanding();
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(toggle().getAttribute('aria-controls')).toBe('landing-nav-menu');
    fireEvent.click(toggle());
    expect(toggle().getAttribute('aria-expanded')).toBe('true');
    expect(nav().classList.contains('is-open')).toBe(true);
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(nav().classList.contains('is-open')).toBe(false);
  });

  it('closes the menu on a link click, then smooth-scrolls after 100 ms', () => {
    vi.useFakeTimers();
    stubReducedMotion(false);
    renderLanding();
    fireEvent.click(toggle());
    const link = within(nav()).getByRole('link', { name: 'Why Us' });
    expect(fireEvent.click(link)).toBe(false); // the click is taken over
    expect(toggle().getAttribute('aria-expanded')).toBe('false');
    expect(nav().classList.contains('is-open')).toBe(false);

    act(() => vi.advanceTimersByTime(MENU_SCROLL_DELAY_MS - 1));
    expect(scrollIntoView).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    const target = document.getElementById('why')!;
    expect(scrollIntoView.mock.contexts[0]).toBe(target);
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(window.location.hash).toBe('#why');
    // The router's history state survives the fragment change.
    expect(window.history.state).toEqual({ idx: 0, key: 'k' });
    expect(document.activeElement).toBe(target);
  });

  it('jumps instead when the reader prefers reduced motion', () => {
    vi.useFakeTimers();
    stubReducedMotion(true);
    renderLanding();
    fireEvent.click(toggle());
    fireEvent.click(within(nav()).getByRole('link', { name: 'Join' }));
    act(() => vi.advanceTimersByTime(MENU_SCROLL_DELAY_MS));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('join'));
  });

  it('leaves a link click to the browser when the menu is not open (wide screens)', () => {
    vi.useFakeTimers();
    renderLanding();
    expect(fireEvent.click(within(nav()).getByRole('link', { name: 'Who Writes' }))).toBe(true);
    act(() => vi.advanceTimersByTime(MENU_SCROLL_DELAY_MS * 10));
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
