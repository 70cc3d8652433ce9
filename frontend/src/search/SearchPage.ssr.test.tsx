import { act, render, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, StaticRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { drawResults } from './draw';
import { handoff } from './handoff';
import { SearchPage } from './SearchPage';
import { loadIndex } from './searchIndex';
import { fakeFetch, generatedIndex, madeUpIndex } from './testdata';

/** A tree as text: tags, sorted attributes, text nodes as they are split; useId's prefix as ID. */
function shape(n: Node, id: string): string {
  if (n.nodeType === Node.TEXT_NODE) return JSON.stringify(n.textContent);
  if (n.nodeType !== Node.ELEMENT_NODE) return `#${n.nodeType}${JSON.stringify(n.textContent)}`;
  const e = n as Element;
  // Where script runs (here), a noscript's content is never shown: parsers and React keep it differently.
  if (e.localName === 'noscript') return '<noscript>';
  const attrs = [...e.attributes].map((a) => `${a.name}=${JSON.stringify(a.value.replaceAll(id, 'ID'))}`).sort();
  return `<${e.localName} ${attrs.join(' ')}>[${[...e.childNodes].map((c) => shape(c, id)).join(',')}]`;
}

function sectionShape(root: ParentNode): string {
  const status = root.querySelector('[role="status"]')!;
  return shape(root.querySelector('.search-page')!, status.id.replace(/-status$/, ''));
}

const serverHTML = () =>
  renderToString(
    <StaticRouter location="/search">
      <SearchPage categories={['Energy & Environment']} />
    </StaticRouter>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('SearchPage on the server', () => {
  it('renders the form and categories, and fetches nothing', () => {
    const fetch = fakeFetch({});
    vi.stubGlobal('fetch', fetch);
    const html = renderToString(
      <StaticRouter location="/search">
        <SearchPage categories={['Energy & Environment']} />
      </StaticRouter>,
    );
    expect(html).toContain('Search stories</label>');
    expect(html).toContain('role="search"');
    expect(html).toContain('href="/category/energy-environment/"');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('hydrates without a mismatch when the URL carries a query, then shows its results', async () => {
    vi.stubGlobal('fetch', fakeFetch(generatedIndex()));
    // The static page was rendered without knowing ?q=.
    const html = renderToString(
      <StaticRouter location="/search">
        <SearchPage categories={['Energy & Environment']} />
      </StaticRouter>,
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const recoverable = vi.fn();
    const root = await act(async () =>
      hydrateRoot(
        container,
        <MemoryRouter initialEntries={['/search?q=gst']}>
          <SearchPage categories={['Energy & Environment']} />
        </MemoryRouter>,
        { onRecoverableError: recoverable },
      ),
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('6 results for “gst”'));
    expect((screen.getByLabelText('Search stories') as HTMLInputElement).value).toBe('gst');
    expect(recoverable).not.toHaveBeenCalled();
    act(() => root.unmount());
  });

  // The search page's first script (first.ts) draws the results into the
  // prerendered page before React has loaded; React must render exactly
  // that (attributes included: hydration would not correct them) and adopt
  // it without a change. With more results than a page, "Show more" too.
  for (const [what, files, query] of [
    ['a few results', generatedIndex(), 'gst'],
    ['more than a page', madeUpIndex(25), 'rupee'],
  ] as const) {
    it(`draws before hydration what React renders, and hydrates onto it unchanged: ${what}`, async () => {
      vi.stubGlobal('fetch', fakeFetch(files));
      const index = await loadIndex('/search/');
      const container = document.createElement('div');
      container.innerHTML = serverHTML();
      document.body.appendChild(container);
      expect(drawResults(container, index, query)).toBe(true);
      const drawn = sectionShape(container);

      const reference = render(
        <MemoryRouter initialEntries={[`/search?q=${query}`]}>
          <SearchPage categories={['Energy & Environment']} />
        </MemoryRouter>,
      );
      await waitFor(() => expect(reference.container.querySelector('.search-page')!.getAttribute('aria-busy')).toBe('false'));
      expect(drawn).toBe(sectionShape(reference.container));
      reference.unmount();

      handoff().shown = { query, index };
      const recoverable = vi.fn();
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const fetch = fakeFetch(files);
      vi.stubGlobal('fetch', fetch);
      const root = await act(async () =>
        hydrateRoot(
          container,
          <MemoryRouter initialEntries={[`/search?q=${query}`]}>
            <SearchPage categories={['Energy & Environment']} />
          </MemoryRouter>,
          { onRecoverableError: recoverable },
        ),
      );
      expect(recoverable).not.toHaveBeenCalled();
      expect(errors).not.toHaveBeenCalled();
      expect(sectionShape(container)).toBe(drawn);
      expect(fetch).not.toHaveBeenCalled(); // the index was handed over
      expect(handoff().shown).toBeUndefined();
      errors.mockRestore();
      act(() => root.unmount());
    });
  }

  it('draws nothing without a query or without results', async () => {
    vi.stubGlobal('fetch', fakeFetch(generatedIndex()));
    const index = await loadIndex('/search/');
    const container = document.createElement('div');
    container.innerHTML = serverHTML();
    const before = container.innerHTML;
    expect(drawResults(container, index, '  ')).toBe(false);
    expect(drawResults(container, index, 'zzzqqq')).toBe(false);
    expect(container.innerHTML).toBe(before);
  });
});
