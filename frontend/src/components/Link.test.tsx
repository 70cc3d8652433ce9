import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Link, Navigation } from './Link';
import { setBasePath } from '../sitepath';

// Whether the link left the click to the browser (a page load); jsdom
// cannot load pages, so the click stops here.
let leftToBrowser: boolean[] = [];
const record = (e: MouseEvent) => {
  leftToBrowser.push(!e.defaultPrevented);
  e.preventDefault();
};
beforeEach(() => {
  leftToBrowser = [];
  window.addEventListener('click', record);
});
afterEach(() => window.removeEventListener('click', record));

function Where() {
  const l = useLocation();
  return <output>{l.pathname + l.hash}</output>;
}

function setup(props: Partial<Parameters<typeof Link>[0]> = {}, navigation = true) {
  const link = (
    <Link to="/about#why" className="button" {...props}>
      Why
    </Link>
  );
  render(
    <MemoryRouter initialEntries={['/start']}>
      {navigation ? <Navigation>{link}</Navigation> : link}
      <Where />
    </MemoryRouter>,
  );
  return screen.getByRole('link', { name: 'Why' });
}

describe('Link', () => {
  it('renders a plain link to its path with the given attributes', () => {
    const a = setup({ 'aria-current': 'page' });
    expect(a.getAttribute('href')).toBe('/about/#why'); // written with the slash pages are served at
    expect(a.className).toBe('button');
    expect(a.getAttribute('aria-current')).toBe('page');
  });

  it('navigates with the router on a plain click, after its own onClick', () => {
    const onClick = vi.fn();
    const a = setup({ onClick });
    fireEvent.click(a);
    expect(leftToBrowser).toEqual([false]);
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByRole('status').textContent).toBe('/about/#why');
  });

  it('leaves modified clicks, other buttons and other targets to the browser', () => {
    const a = setup();
    for (const init of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { altKey: true }, { button: 1 }]) {
      fireEvent.click(a, init);
    }
    expect(leftToBrowser).toEqual([true, true, true, true, true]);
    expect(screen.getByRole('status').textContent).toBe('/start');
  });

  it('leaves a link opening elsewhere, or one its onClick handled, alone', () => {
    let a = setup({ target: '_blank' });
    fireEvent.click(a);
    expect(leftToBrowser).toEqual([true]);
    document.body.innerHTML = '';
    a = setup({ onClick: (e) => e.preventDefault() });
    fireEvent.click(a);
    expect(screen.getByRole('status').textContent).toBe('/start');
  });

  it('leaves clicks to the browser outside Navigation', () => {
    const a = setup({}, false);
    fireEvent.click(a);
    expect(leftToBrowser).toEqual([true]);
    expect(screen.getByRole('status').textContent).toBe('/start');
  });

  // Below a base path (a site at /magazine/), the link's address carries it,
  // and the router (whose basename it is) sees the route: the site path.
  it('links below the base path, and navigates the router to the route', () => {
    setBasePath('/magazine');
    try {
      render(
        <MemoryRouter basename="/magazine/" initialEntries={['/magazine/start/']}>
          <Navigation>
            <Link to="/about#why">Why</Link>
            <Link to="/">Home</Link>
          </Navigation>
          <Where />
        </MemoryRouter>,
      );
      const why = screen.getByRole('link', { name: 'Why' });
      expect(why.getAttribute('href')).toBe('/magazine/about/#why');
      expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/magazine/');
      fireEvent.click(why);
      expect(leftToBrowser).toEqual([false]);
      expect(screen.getByRole('status').textContent).toBe('/about/#why');
    } finally {
      setBasePath(undefined);
    }
  });
});
