import { pageURL } from '../navigation';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Header } from './Header';
import { site } from '../testing';
import type { Site } from '../types';

function setup(s: Site = site, path = '/') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Header site={s} path={path} />
    </MemoryRouter>,
  );
}

describe('Header', () => {
  it('toggles the mobile menu and labels the button accordingly', () => {
    setup();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById('mobile-menu')!.hidden).toBe(true);
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('mobile-menu')!.hidden).toBe(false);
  });

  it('closes the menu when a link is chosen', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('mobile-menu')!;
    fireEvent.click(menu.querySelector('a[href="/about/"]')!);
    expect(menu.hidden).toBe(true);
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
  });

  it('has Home and About links and a logo linking home', () => {
    setup();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect([...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['About', '/about/'],
    ]);
    expect(screen.getByRole('link', { name: 'Nivaran Magazine home' }).getAttribute('href')).toBe('/');
  });

  it('turns solid once scrolled past 20 px, not at 20', () => {
    const { container } = setup();
    const header = container.querySelector('header')!;
    expect(header.classList.contains('is-scrolled')).toBe(false);
    act(() => {
      window.scrollY = 20;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header.classList.contains('is-scrolled')).toBe(false);
    act(() => {
      window.scrollY = 21;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header.classList.contains('is-scrolled')).toBe(true);
  });
});

describe('Header sections and search', () => {
  const sections = [
    { label: 'Home', href: '/' },
    { label: 'Technology', href: '/category/technology' },
    { label: 'About', href: '/about' },
  ];

  it('carries the sections the site lists, in the bar and the menu, marking the current one', () => {
    setup({ ...site, sections }, '/category/technology/page/2');
    for (const nav of [screen.getByRole('navigation', { name: 'Main' }), document.getElementById('mobile-menu')!]) {
      const links = [...nav.querySelectorAll('a')];
      expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual(sections.map((s) => [s.label, pageURL(s.href)]));
      expect(links.map((a) => a.getAttribute('aria-current'))).toEqual([null, 'page', null]);
    }
  });

  it('has a search form (GET /search?q=) and a search link to /search', () => {
    const { container } = setup();
    const form = container.querySelector('.site-header__search')!;
    expect(form.getAttribute('role')).toBe('search');
    expect(form.getAttribute('action')).toBe('/search/');
    expect(form.getAttribute('method')).toBe('get');
    expect(screen.getByLabelText('Search the magazine').getAttribute('name')).toBe('q');
    expect(screen.getByRole('link', { name: 'Search' }).getAttribute('href')).toBe('/search/');
  });

  it('opens the search page with the query on submit', () => {
    let where = '';
    function Where() {
      where = useLocation().pathname + useLocation().search;
      return null;
    }
    render(
      <MemoryRouter initialEntries={['/rbi-policy']}>
        <Header site={site} path="/rbi-policy" />
        <Where />
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Search the magazine'), { target: { value: ' repo rate ' } });
    fireEvent.submit(screen.getByLabelText('Search the magazine').closest('form')!);
    expect(where).toBe('/search/?q=repo%20rate');
  });
});

describe('Header menu and the keyboard', () => {
  it('closes the open menu on Escape', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(document.getElementById('mobile-menu')!.hidden).toBe(true);
  });

  it('gives focus back to the menu button on Escape from inside the menu', () => {
    setup();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    fireEvent.click(toggle);
    const about = document.querySelector<HTMLAnchorElement>('#mobile-menu a[href="/about/"]')!;
    about.focus();
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(document.getElementById('mobile-menu')!.hidden).toBe(true);
    expect(document.activeElement).toBe(toggle);
  });

  it('closes when focus leaves it for the page, not for its own button', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = document.getElementById('mobile-menu')!;
    const about = menu.querySelector<HTMLAnchorElement>('a[href="/about/"]')!;
    fireEvent.blur(about, { relatedTarget: screen.getByRole('button', { name: 'Close menu' }) });
    expect(menu.hidden).toBe(false);
    fireEvent.blur(about, { relatedTarget: menu.querySelector('input')! });
    expect(menu.hidden).toBe(false);
    fireEvent.blur(about, { relatedTarget: null }); // the window lost focus: the reader comes back to it open
    expect(menu.hidden).toBe(false);
    fireEvent.blur(about, { relatedTarget: screen.getByRole('link', { name: /home$/ }) });
    expect(menu.hidden).toBe(true);
  });
});
