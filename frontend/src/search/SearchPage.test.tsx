import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatLocal } from '../components/LocalDate';
import { PAGE_SIZE, SearchPage, URL_DELAY_MS } from './SearchPage';
import { fakeFetch, generatedIndex, madeUpIndex } from './testdata';

const categories = ['Economic Policy', 'Energy & Environment', 'Technology'];

function setup(url = '/search', files: Record<string, string> = generatedIndex()) {
  const fetch = fakeFetch(files);
  vi.stubGlobal('fetch', fetch);
  const router = createMemoryRouter(
    [
      { path: '/search', element: <SearchPage categories={categories} /> },
      { path: '*', element: <p>elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  render(<RouterProvider router={router} />);
  const box = () => screen.getByLabelText('Search stories') as HTMLInputElement;
  return { router, fetch, box };
}

const status = () => screen.getByRole('status').textContent;
const titles = () =>
  [...document.querySelectorAll('.search-result__title')].map((h) => h.textContent);

/** Types into the box, then lets the URL catch up as it does after a pause. */
function type(box: HTMLInputElement, value: string) {
  fireEvent.change(box, { target: { value } });
  act(() => vi.advanceTimersByTime(URL_DELAY_MS));
}

/**
 * Waits for the index, then fakes the timers, so a test decides when the
 * URL catches up with typing. (Faked earlier, they would also stall React's
 * scheduling of the update that shows the loaded index.)
 */
async function indexLoaded() {
  await waitFor(() => expect(document.querySelector('.search-page')!.getAttribute('aria-busy')).toBe('false'));
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('SearchPage', () => {
  it('has a labelled search box and loads the index only once it is shown', async () => {
    const { fetch, box } = setup();
    expect(box().type).toBe('search');
    expect(screen.getByRole('search')).toBeTruthy();
    expect(fetch).toHaveBeenCalledWith('/search/manifest.json');
    await indexLoaded();
    expect(fetch.mock.calls.map((c) => String(c[0]))).toEqual(['/search/manifest.json', '/search/index-0.json']);
  });

  it('ranks results as you type, with a count, highlighted title and snippet, category and date', async () => {
    const { box } = setup();
    await indexLoaded();
    fireEvent.change(box(), { target: { value: 'gst' } });
    // Results follow the box at once; only the URL waits for a pause.
    expect(status()).toBe('6 results for “gst”');
    expect(titles()).toEqual([
      'Making GST Work for the Indian Economy',
      'GST Council Cuts Rates',
      'A Ledger for Small Business',
      'Exporters Count the Cost of Tariffs',
      'Semiconductor Independence for India',
      'RBI Holds the Repo Rate',
    ]);
    const first = screen.getAllByRole('listitem')[0];
    const link = within(first).getByRole('link');
    expect(link.getAttribute('href')).toBe('/india-making-gst-work-for-indian-economy/');
    expect(link.innerHTML).toBe('Making <mark>GST</mark> Work for the Indian Economy');
    expect(first.textContent).toContain('Policy & Reform');
    expect(first.querySelector('time')!.getAttribute('dateTime')).toBe('2025-08-20');
    expect(first.querySelector('time')!.textContent).toBe(formatLocal('2025-08-20'));
    // A story without a fixed path links to /story/<id>; an intro match is marked.
    const fourth = screen.getAllByRole('listitem')[3];
    expect(within(fourth).getByRole('link').getAttribute('href')).toBe('/story/3/');
    expect(fourth.querySelector('.search-result__snippet')!.innerHTML).toBe('MSMEs face new duties; <mark>GST</mark> refunds help.');
  });

  it('says "1 result" and narrows with every word', async () => {
    const { box } = setup();
    await indexLoaded();
    fireEvent.change(box(), { target: { value: 'gst refunds semiconductor' } });
    expect(status()).toBe('0 results for “gst refunds semiconductor”');
    fireEvent.change(box(), { target: { value: 'semicon' } });
    expect(status()).toBe('1 result for “semicon”');
    expect(within(screen.getByRole('listitem')).getByRole('link').innerHTML).toBe(
      '<mark>Semicon</mark>ductor Independence for India',
    );
  });

  it('suggests categories when nothing matches, linking to their pages', async () => {
    const { box } = setup();
    await indexLoaded();
    fireEvent.change(box(), { target: { value: 'zebra' } });
    expect(status()).toBe('0 results for “zebra”');
    const nav = screen.getByRole('navigation', { name: 'No stories match. Try a category instead:' });
    expect([...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Economic Policy', '/category/economic-policy/'],
      ['Energy & Environment', '/category/energy-environment/'],
      ['Technology', '/category/technology/'],
    ]);
    expect(screen.queryByRole('list', { name: /results/ })).toBeNull();
    fireEvent.change(box(), { target: { value: 'gst' } });
    expect(screen.queryByRole('navigation', { name: /category/ })).toBeNull();
  });

  it('offers the categories before anything is typed', async () => {
    setup();
    expect(screen.getByRole('navigation', { name: 'Browse by category' })).toBeTruthy();
    await indexLoaded();
    expect(status()).toBe('');
  });

  it('reads the query from ?q= on arrival', async () => {
    const { box } = setup('/search?q=trade');
    await indexLoaded();
    expect(box().value).toBe('trade');
    expect(status()).toBe('5 results for “trade”');
  });

  it('keeps the query in the URL, replacing the entry while typing', async () => {
    const { router, box } = setup();
    await indexLoaded();
    fireEvent.change(box(), { target: { value: 'g' } });
    fireEvent.change(box(), { target: { value: 'gs' } });
    expect(router.state.location.search).toBe(''); // still typing
    act(() => vi.advanceTimersByTime(URL_DELAY_MS));
    expect(router.state.location.search).toBe('?q=gs');
    expect(router.state.historyAction).toBe('REPLACE');
    type(box(), 'gst');
    expect(router.state.location.search).toBe('?q=gst');
    expect(router.state.historyAction).toBe('REPLACE');
    type(box(), '');
    expect(router.state.location.search).toBe('');
  });

  it('moves between submitted searches with back and forward', async () => {
    const { router, box } = setup();
    await indexLoaded();
    type(box(), 'gst');
    fireEvent.submit(box().form!);
    type(box(), 'trade');
    expect(router.state.location.search).toBe('?q=trade');
    expect(router.state.historyAction).toBe('PUSH');
    fireEvent.change(box(), { target: { value: 'trade deals' } });
    fireEvent.submit(box().form!); // Enter writes the URL at once
    expect(router.state.location.search).toBe('?q=trade+deals');

    await act(() => router.navigate(-1));
    expect(box().value).toBe('gst');
    expect(status()).toBe('6 results for “gst”');
    await act(() => router.navigate(1));
    expect(box().value).toBe('trade deals');
    expect(titles()).toEqual(['Trade Deals Ahead']);
  });

  it('submitting an unchanged search adds no history entry', async () => {
    const { router, box } = setup('/search?q=gst');
    await indexLoaded();
    fireEvent.submit(box().form!);
    fireEvent.submit(box().form!);
    expect(router.state.historyAction).toBe('POP'); // still the first entry
    expect(router.state.location.search).toBe('?q=gst');
  });

  it('shows results a page at a time', async () => {
    const { box } = setup('/search', madeUpIndex(PAGE_SIZE + 5));
    await indexLoaded();
    fireEvent.change(box(), { target: { value: 'rupee' } });
    expect(status()).toBe(`${PAGE_SIZE + 5} results for “rupee”`);
    expect(screen.getAllByRole('listitem')).toHaveLength(PAGE_SIZE);
    fireEvent.click(screen.getByRole('button', { name: 'Show more results' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(PAGE_SIZE + 5);
    expect(screen.queryByRole('button', { name: 'Show more results' })).toBeNull();
  });

  it('says so when the index cannot be loaded, and still offers categories', async () => {
    const { box } = setup('/search?q=gst', {});
    await screen.findByText('Search is unavailable right now. Please try again later.');
    expect(box().value).toBe('gst');
    expect(screen.getByRole('navigation', { name: 'Browse by category' })).toBeTruthy();
  });

  it('describes the box by the result count', async () => {
    const { box } = setup();
    const id = box().getAttribute('aria-describedby')!;
    expect(document.getElementById(id)!.getAttribute('role')).toBe('status');
  });
});
