import { act, screen, waitFor } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, StaticRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SearchPage } from './SearchPage';
import { fakeFetch, generatedIndex } from './testdata';

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
});
