import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SearchForm } from './SearchForm';

describe('SearchForm', () => {
  // A reader on a slow phone types into the server-rendered box before the
  // page hydrates, then presses Enter once it has: that query is searched.
  it('searches what was typed before the page hydrated, and empties the box', async () => {
    let where = '';
    function Where() {
      where = useLocation().pathname + useLocation().search;
      return null;
    }
    const page = (
      <MemoryRouter initialEntries={['/no-such-page']}>
        <SearchForm id="notfound-search" label="Search for a story" />
        <Where />
      </MemoryRouter>
    );
    const root = document.createElement('div');
    root.innerHTML = renderToString(page);
    document.body.append(root);
    const input = root.querySelector('input')!;
    input.value = 'tariffs';
    await act(async () => {
      hydrateRoot(root, page);
    });
    expect(root.querySelector('input')).toBe(input); // adopted, not replaced
    await act(async () => {
      input.form!.requestSubmit();
    });
    expect(where).toBe('/search/?q=tariffs');
    expect(input.value).toBe('');
    root.remove();
  });
});
