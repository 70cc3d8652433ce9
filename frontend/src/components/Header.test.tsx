import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Header } from './Header';
import { site } from '../testing';

function setup() {
  return render(
    <MemoryRouter>
      <Header site={site} />
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
    fireEvent.click(menu.querySelector('a[href="/about"]')!);
    expect(menu.hidden).toBe(true);
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
  });

  it('has Home and About links and a logo linking home', () => {
    setup();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect([...nav.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['About', '/about'],
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

describe('Header menu and the keyboard', () => {
  it('closes the open menu on Escape', () => {
    setup();
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(document.getElementById('mobile-menu')!.hidden).toBe(true);
  });
});
