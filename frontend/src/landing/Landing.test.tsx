import { fireEvent, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONTRIBUTORS, ENDORSEMENTS, VALUES, initials } from './content';
import { DebugPanel, isDebugHost } from './DebugPanel';
import { ERROR_CLEAR_MS, Landing, MENU_SCROLL_DELAY_MS, STAGGER_STEP_S, SUCCESS_CLEAR_MS, staggerStyle } from './Landing';
import { landingSite, renderLanding, withForms } from './fixture';
import { setBasePath } from '../sitepath';

const win = window as unknown as { gtag?: ReturnType<typeof vi.fn> };

afterEach(() => {
  delete win.gtag;
});

describe('Landing', () => {
  it('exports the business constants', () => {
    expect([SUCCESS_CLEAR_MS, ERROR_CLEAR_MS, MENU_SCROLL_DELAY_MS, STAGGER_STEP_S]).toEqual([5000, 8000, 100, 0.1]);
  });

  it('has a section for every anchor, in order, each named by its heading', () => {
    const { container } = renderLanding();
    const sections = [...container.querySelectorAll('section[id]')];
    expect(sections.map((s) => s.id)).toEqual(['home', 'about', 'why', 'who', 'join', 'newsletter']);
    for (const s of sections) {
      const label = document.getElementById(s.getAttribute('aria-labelledby')!);
      expect(label?.textContent, s.id).toBeTruthy();
      expect(s.getAttribute('tabindex')).toBe('-1');
    }
  });

  it('opens with a Coming Soon hero and its two buttons', () => {
    renderLanding();
    const hero = document.getElementById('home')!;
    expect(within(hero).getByText('Coming Soon').className).toContain('badge');
    expect(within(hero).getByRole('heading', { level: 1 }).textContent).toMatch(/News that solves/);
    expect(within(hero).getByRole('link', { name: 'Go to Portal' }).getAttribute('href')).toBe('/portal/');
    expect(within(hero).getByRole('link', { name: "Shape India's Next" }).getAttribute('href')).toBe('#join');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('sends cta_click from the hero CTA when gtag exists, and works without it', () => {
    renderLanding();
    const cta = screen.getByRole('link', { name: "Shape India's Next" });
    fireEvent.click(cta);
    win.gtag = vi.fn();
    fireEvent.click(cta);
    expect(win.gtag.mock.calls).toEqual([['event', 'cta_click', { event_label: 'hero_section_cta' }]]);
    // The portal button is not the tracked CTA.
    fireEvent.click(within(document.getElementById('home')!).getByRole('link', { name: 'Go to Portal' }));
    expect(win.gtag).toHaveBeenCalledTimes(1);
  });

  it('shows 6 value cards, 6 contributor cards and 3 endorsements', () => {
    const { container } = renderLanding();
    expect(VALUES).toHaveLength(6);
    expect(CONTRIBUTORS).toHaveLength(6);
    expect(ENDORSEMENTS).toHaveLength(3);
    const why = document.getElementById('why')!;
    const who = document.getElementById('who')!;
    expect(why.querySelectorAll('.landing-card')).toHaveLength(6);
    expect(who.querySelectorAll('.landing-card')).toHaveLength(6);
    expect(container.querySelectorAll('figure.landing-quote')).toHaveLength(3);
    // Process, quality and approach, two cards each.
    expect([...why.querySelectorAll('.landing-card__pillar')].map((p) => p.textContent)).toEqual([
      'Process',
      'Process',
      'Quality',
      'Quality',
      'Approach',
      'Approach',
    ]);
    expect([...who.querySelectorAll('.landing-card__title')].map((t) => t.textContent)).toEqual([
      'Business leaders',
      'Entrepreneurs',
      'Creators',
      'Policymakers',
      'Technologists',
      'Journalists & young innovators',
    ]);
  });

  it('staggers the spotlight grid cards by 0.1 s apiece', () => {
    const { container } = renderLanding();
    for (const grid of container.querySelectorAll('.landing-spotlight-grid')) {
      expect([...grid.querySelectorAll<HTMLElement>('.landing-card')].map((c) => c.style.animationDelay)).toEqual([
        '0.0s',
        '0.1s',
        '0.2s',
        '0.3s',
        '0.4s',
        '0.5s',
      ]);
    }
    expect(container.querySelectorAll('.landing-spotlight-grid')).toHaveLength(2);
    expect(staggerStyle(7)).toEqual({ animationDelay: '0.7s' });
  });

  it('marks the endorsements as sample personas with rated, generated avatars', () => {
    renderLanding();
    expect(screen.getByRole('heading', { name: 'Voices from our early readers (sample testimonials)' })).toBeTruthy();
    expect(screen.getByText(/names are invented and do not refer to real people/)).toBeTruthy();
    const quotes = [...document.querySelectorAll('figure.landing-quote')];
    for (const [i, q] of quotes.entries()) {
      const e = ENDORSEMENTS[i];
      expect(q.querySelector('blockquote')!.textContent).toBe(e.quote);
      expect(q.querySelector('.landing-quote__name')!.textContent).toBe(e.name);
      expect(q.querySelector('.landing-quote__title')!.textContent).toBe(e.title);
      expect(q.querySelector('.landing-quote__sample')!.textContent).toBe('Sample persona');
      expect(within(q as HTMLElement).getByRole('img', { name: 'Rated 5 out of 5' }).querySelectorAll('svg.is-on')).toHaveLength(5);
      // No photographs: an SVG avatar with the persona's initials.
      expect(q.querySelector('img')).toBeNull();
      expect(q.querySelector('svg.landing-avatar text')!.textContent).toBe(initials(e.name));
    }
    expect(ENDORSEMENTS.map((e) => initials(e.name))).toEqual(['TM', 'KN', 'IR']);
  });

  it('ends with quick links, the newsletter form and a portal button', () => {
    renderLanding();
    const footer = document.getElementById('newsletter')!;
    const links = within(footer).getByRole('navigation', { name: 'Quick links' });
    expect([...links.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['#home', '#about', '#why', '#who', '#join', '/privacy-policy/']);
    expect(footer.querySelector('form#newsletter-form')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Go to Portal' }).getAttribute('href')).toBe('/portal/');
  });

  it('puts both inquiry forms in the join section, posting to their endpoints', () => {
    renderLanding();
    const join = document.getElementById('join')!;
    expect(join.querySelector('#editorial-form')!.getAttribute('action')).toBe(landingSite.forms.editorial);
    expect(join.querySelector('#partnership-form')!.getAttribute('action')).toBe(landingSite.forms.partnership);
  });

  it('posts to the collector below the base path when the site is served below one; a hosted endpoint stays', () => {
    setBasePath('/magazine');
    try {
      renderLanding();
      expect(document.querySelector('#editorial-form')!.getAttribute('action')).toBe('/magazine/api/forms/editorial');
      expect(document.querySelector('#partnership-form')!.getAttribute('action')).toBe('https://forms.nivaran.example/f/partnership');
      expect(document.querySelector('#newsletter-form')!.getAttribute('action')).toBe('/magazine/api/forms/newsletter');
    } finally {
      setBasePath(undefined);
    }
  });
});

describe('debug panel', () => {
  it('recognises local and replit hosts only', () => {
    for (const h of ['localhost', '127.0.0.1', 'my-app.replit.dev', 'x.y.repl.co', 'replit.dev', 'LOCALHOST']) expect(isDebugHost(h), h).toBe(true);
    for (const h of ['nivaran.example', 'notreplit.dev', 'repl.co.evil.example', 'localhost.nivaran.example', '127.0.0.2', '']) expect(isDebugHost(h), h).toBe(false);
  });

  it('shows build info and the endpoints on localhost after mount', () => {
    expect(window.location.hostname).toBe('localhost');
    renderLanding(withForms({ partnership: '' }));
    const panel = screen.getByRole('complementary', { name: 'Debug panel' });
    expect(panel.textContent).toContain('Nivaran (Nivaran Magazine)');
    expect(panel.textContent).toContain('/api/forms/editorial');
    expect(panel.textContent).toContain('Partnership endpoint(not configured)');
    expect(panel.textContent).toContain('/api/forms/newsletter');
  });

  it('is never in the server render, even on localhost, so hydration matches', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/about']}>
        <Landing site={landingSite} />
      </MemoryRouter>,
    );
    expect(html).toContain('id="newsletter-form"');
    expect(html).not.toContain('Debug panel');
    expect(renderToString(<DebugPanel site={landingSite} />)).toBe('');
    // Without JavaScript the browser's own checks still guard the forms.
    expect(html).not.toContain('novalidate');
  });
});
