// The page data of a real build (generator/page/pagedata/testdata/pages, written
// by the Go test from the newsroom fixture) rendered by the real app: the
// Go↔TypeScript contract, checked from the browser's side. Each page is read
// as the browser reads it: its data, and from its markup what the data
// leaves out (its blocks' html, its cards).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, StaticRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { App } from './App';
import { readPage } from './readpage';
import { preloadAll } from './routes/lazy';
import type { PageData } from './types';

const dir = join(import.meta.dirname, '../../generator/page/pagedata/testdata/pages');
function golden(name: string): PageData {
  const doc = new DOMParser().parseFromString(`<div id="root">${readFileSync(join(dir, name.replace(/\.json$/, '.html')), 'utf8')}</div>`, 'text/html');
  const data = doc.createElement('script');
  data.id = 'page-data';
  data.textContent = readFileSync(join(dir, name), 'utf8');
  doc.body.append(data);
  return readPage(doc);
}

function show(page: PageData, at = page.path) {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <App initial={page} />
    </MemoryRouter>,
  );
}

beforeAll(preloadAll);

describe('a story page from the generator', () => {
  it('reads "By A and B", each linking to their author page', () => {
    const { container } = show(golden('story.json'));
    const byline = container.querySelector('.article__author')!;
    expect(byline.textContent).toBe('By Ira Venkataraman and Nivaran Economy Desk');
    expect([...byline.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['/author/ira-venkataraman/', '/author/nivaran-economy-desk/']);
  });

  it('reads "By A, B and C" for three', () => {
    const { container } = show(golden('story-3.json'));
    expect(container.querySelector('.article__author')!.textContent).toBe('By Asha Rao, Ira Venkataraman and Nivaran Economy Desk');
  });

  it('says when it was updated, under the byline', () => {
    const { container } = show(golden('story.json'));
    const updated = container.querySelector('.article__meta + .article__updated')!;
    expect(updated.textContent).toBe('Updated August 22, 2025');
    expect(updated.querySelector('time')!.getAttribute('datetime')).toBe('2025-08-22');
    expect(show(golden('story-3.json')).container.querySelector('.article__updated')).toBeNull();
  });

  it('prints its corrections at the end, oldest first', () => {
    const { container } = show(golden('story.json'));
    const box = screen.getByRole('region', { name: 'Corrections' });
    expect([...box.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'August 18, 2025: An earlier version gave the repo rate as 5.75%.',
      'August 22, 2025: A later correction.',
    ]);
    // After the body, before the stories that follow it.
    const order = [...container.querySelectorAll('.article-body, .corrections, .related')].map((e) => e.className);
    expect(order).toEqual(['article-body', 'corrections', 'related']);
  });

  it('links its tags to their pages', () => {
    show(golden('story.json'));
    const tags = screen.getByRole('navigation', { name: 'Tags' });
    expect(within(tags).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['RBI', '/tag/rbi/'],
      ['Rates', '/tag/rates/'],
    ]);
  });

  it('shows no draft or scheduled marker in a published build', () => {
    const { container } = show(golden('story.json'));
    expect(container.querySelector('.status-marker')).toBeNull();
  });
});

describe('every page from the generator', () => {
  it('has a search form in the header that works without JavaScript', () => {
    for (const name of ['home.json', 'tag.json', 'author.json', 'notfound.json', 'story.json']) {
      const { container, unmount } = show(golden(name));
      const form = container.querySelector('header form[role="search"]')!;
      expect(form.getAttribute('action'), name).toBe('/search/');
      expect(form.getAttribute('method'), name).toBe('get');
      expect(form.querySelector('input')!.getAttribute('name'), name).toBe('q');
      unmount();
    }
  });

  it('lists a tag\'s stories with its feed', () => {
    const { container } = show(golden('tag.json'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('RBI');
    expect([...container.querySelectorAll('.card__title a')].map((a) => a.getAttribute('href'))).toEqual(['/story/7/', '/rbi-policy/']);
    expect(screen.getByRole('link', { name: 'RSS feed' }).getAttribute('href')).toBe('/tag/rbi/feed.xml');
  });

  it('shows an author\'s role, bio, links and stories', () => {
    const { container } = show(golden('author.json'));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Asha Rao');
    expect(container.querySelector('.listing__role')!.textContent).toBe('Contributing writer');
    expect(screen.getByRole('link', { name: 'Website' }).getAttribute('href')).toBe('https://asha.example');
    expect([...container.querySelectorAll('.card__meta')].map((m) => m.textContent)).toEqual([expect.stringContaining('Asha Rao, Ira Venkataraman and Nivaran Economy Desk')]);
  });

  it('offers search and the latest stories on the 404 page and as Story Not Found', () => {
    for (const at of ['/no-such-page', '/story/999']) {
      const { container, unmount } = show(golden('notfound.json'), at);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(at === '/story/999' ? 'Story Not Found' : '404 Page Not Found');
      expect(within(container.querySelector('main')!).getByRole('search')).toBeTruthy();
      const latest = screen.getByRole('region', { name: 'Latest Stories' });
      expect([...latest.querySelectorAll('.card__title a')].map((a) => a.textContent)).toEqual(['Story 8', 'Story 7', 'Story 5']);
      unmount();
    }
  });
});

describe('what the browser reads from a page', () => {
  // Hydration takes over a page only when the app renders its markup again
  // from what the browser read: its data, its blocks' html and its cards.
  for (const name of ['story.json', 'story-3.json', 'home.json', 'tag.json', 'author.json', 'notfound.json']) {
    it(`renders ${name.replace('.json', '')}'s prerendered markup again`, () => {
      const page = golden(name);
      const again = renderToString(
        <StaticRouter location={page.path}>
          <App initial={page} />
        </StaticRouter>,
      );
      expect(again).toBe(readFileSync(join(dir, name.replace(/\.json$/, '.html')), 'utf8').trimEnd());
    });
  }
});
