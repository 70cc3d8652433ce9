import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Listing, Pagination, pageWindow } from './Listing';
import type { Card, List } from '../types';

const list = (page: number, pages: number): List => ({ kind: 'archive', title: 'All stories', base: '/stories', page, pages, cards: [] });

describe('pageWindow', () => {
  it('lists every page of a short listing', () => {
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('keeps the first, the last and two either side of the current page, with gaps', () => {
    expect(pageWindow(1, 834)).toEqual([1, 2, 3, 0, 834]);
    expect(pageWindow(400, 834)).toEqual([1, 0, 398, 399, 400, 401, 402, 0, 834]);
    expect(pageWindow(834, 834)).toEqual([1, 0, 832, 833, 834]);
    expect(pageWindow(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]); // no gap hides just one page
    expect(pageWindow(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 0, 10]);
  });
});

describe('Pagination', () => {
  it('links the window of pages, marks the current one and steps both ways', () => {
    render(
      <MemoryRouter>
        <Pagination list={list(400, 834)} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/stories/page/399/',
      '/stories/',
      '/stories/page/398/',
      '/stories/page/399/',
      '/stories/page/401/',
      '/stories/page/402/',
      '/stories/page/834/',
      '/stories/page/401/',
    ]);
    expect(within(nav).getByText('400').getAttribute('aria-current')).toBe('page');
    expect(within(nav).getAllByText('…')).toHaveLength(2);
  });
});

const card = (id: number): Card => ({
  title: `Story ${id}`,
  introduction: 'Intro.',
  byline: 'Desk',
  category: 'Economic Policy',
  publishedAt: '2025-08-12',
  dateLabel: '12 August 2025',
  image: { src: `/images/${id}.jpg`, srcset: `/images/${id}.jpg 800w`, width: 1200, height: 630, alt: '' },
  href: `/story/${id}`,
  categoryHref: '/category/economic-policy',
});

describe('Listing', () => {
  it('titles its cards one level below the page heading and loads the first picture first', () => {
    const { container } = render(
      <MemoryRouter>
        <Listing list={{ ...list(1, 1), cards: [card(1), card(2), card(3)] }} />
      </MemoryRouter>,
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Story 1', 'Story 2', 'Story 3']);
    const imgs = [...container.querySelectorAll('img')];
    expect(imgs.map((i) => [i.getAttribute('loading'), i.getAttribute('fetchpriority')])).toEqual([
      [null, 'high'],
      ['lazy', null],
      ['lazy', null],
    ]);
  });
});
