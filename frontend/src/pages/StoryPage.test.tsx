import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { StoryPage } from './StoryPage';
import { Screen } from './Screen';
import { site, story } from '../testing';
import { formatLocal } from '../components/LocalDate';

function renderStory(s = story()) {
  return render(
    <MemoryRouter>
      <StoryPage story={s} site={site} />
    </MemoryRouter>,
  );
}

describe('StoryPage', () => {
  it('shows the parts of a story in order', () => {
    const { container } = renderStory();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('RBI Holds the Repo Rate');
    expect(screen.getByText('The MPC paused.')).toBeTruthy();
    expect(container.querySelector('.article__author')!.textContent).toBe('By Nivaran Economy Desk');
    expect(screen.getByRole('link', { name: 'Nivaran Economy Desk' }).getAttribute('href')).toBe('/author/nivaran-economy-desk');
    expect(screen.getByRole('link', { name: 'Economic Policy' }).getAttribute('href')).toBe('/category/economic-policy');
    expect(screen.getAllByRole('link', { name: /Back to Homepage/ })).toHaveLength(2);
    expect(screen.getAllByText('Advertisement')).toHaveLength(2);
    const img = container.querySelector('figure img')!;
    expect(img.getAttribute('width')).toBe('1200');
    expect(img.getAttribute('loading')).toBe('eager');
    // The ads sit before and after the body.
    const order = [...container.querySelectorAll('.ad-slot, .article-body')].map((e) => e.className);
    expect(order).toEqual(['ad-slot ad-slot--story', 'article-body', 'ad-slot ad-slot--story']);
  });

  it('renders subheadings and the Solution Spotlight box holding what follows', () => {
    const { container } = renderStory();
    expect(screen.getByRole('heading', { name: 'Why It Matters', level: 2 })).toBeTruthy();
    const box = container.querySelector('.spotlight')!;
    expect(box.querySelector('h2')!.textContent).toContain('Solution Spotlight');
    expect(box.textContent).toContain('Refinance now.');
  });

  it('shows the date in the viewer locale after mount', () => {
    const { container } = renderStory();
    const time = container.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe('2025-08-12');
    expect(time.textContent).toBe(formatLocal('2025-08-12'));
  });

  it('puts the caption over a gradient when the story asks for an overlay', () => {
    const { container } = renderStory(story({ id: 6, imageOverlay: true, imageCaption: "Financial markets representing India's growing consumer economy" }));
    expect(container.querySelector('.featured-image--overlay')).toBeTruthy();
    expect(container.querySelector('.featured-image__overlay-caption')!.textContent).toBe(
      "Financial markets representing India's growing consumer economy",
    );
  });

  it('marks a draft, and a scheduled story, above the headline', () => {
    const draft = renderStory(story({ draft: true }));
    expect(draft.container.querySelector('.status-marker--draft')!.textContent).toContain('Draft');
    draft.unmount();
    const later = renderStory(story({ scheduled: true, dateLabel: 'October 1, 2025' }));
    expect(later.container.querySelector('.status-marker--scheduled')!.textContent).toContain('published on October 1, 2025');
    later.unmount();
    expect(renderStory().container.querySelector('.status-marker')).toBeNull();
  });

  it('shows Story Not Found for unknown story paths served by 404.html', () => {
    render(
      <MemoryRouter>
        <Screen page={{ kind: 'notfound', path: '/404', site, latest: [] }} pathname="/story/999" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Story Not Found' })).toBeTruthy();
    expect(screen.getByText("The story you're looking for doesn't exist.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Portal' }).getAttribute('href')).toBe('/');
  });

  it('shows the 404 page elsewhere', () => {
    render(
      <MemoryRouter>
        <Screen page={{ kind: 'notfound', path: '/404', site, latest: [] }} pathname="/no-such-page" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: '404 Page Not Found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home Page' }).getAttribute('href')).toBe('/');
  });
});
