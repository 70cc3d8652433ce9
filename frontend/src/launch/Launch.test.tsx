import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { site } from '../testing';
import { Launch } from './Launch';
import { SUCCESS_CLOSE_MS } from './LaunchModal';
import { SEEN_KEY } from './seen';
import { installDialogPolyfill } from './test-dialog';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installDialogPolyfill();
});
afterAll(() => uninstall());

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date(2025, 8, 5, 10, 0)); // site.launchDate is 2025-09-10
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const dialog = () => document.querySelector('dialog')!;
const popup = () => screen.queryByRole('complementary', { name: 'Launch updates' });
const banner = () => screen.queryByRole('complementary', { name: 'Portal launch' });

describe('Launch', () => {
  it('renders nothing on the server, so hydration cannot mismatch', () => {
    expect(renderToString(<Launch site={site} />)).toBe('');
  });

  it('opens the modal by itself on a first visit, with the banner', () => {
    render(<Launch site={site} />);
    expect(dialog().open).toBe(true);
    expect(banner()).toBeTruthy();
    expect(popup()).toBeNull();
    expect(window.localStorage.getItem(SEEN_KEY)).toBeNull(); // only closing marks it
  });

  it('marks the modal seen on close and shows the popup, whose action reopens it', () => {
    render(<Launch site={site} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog().open).toBe(false);
    expect(window.localStorage.getItem(SEEN_KEY)).not.toBeNull();
    expect(popup()).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Get launch updates' }));
    expect(dialog().open).toBe(true);
  });

  it('hides the popup with its close button', () => {
    render(<Launch site={site} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close launch notice' }));
    expect(popup()).toBeNull();
  });

  it('does not open by itself once seen, even after a reload', () => {
    const first = render(<Launch site={site} />);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    first.unmount();
    render(<Launch site={site} />);
    expect(dialog().open).toBe(false);
    expect(popup()).toBeNull();
    expect(banner()).toBeTruthy();
  });

  it('opens the modal from the banner and closes the banner', () => {
    window.localStorage.setItem(SEEN_KEY, '1');
    render(<Launch site={site} />);
    fireEvent.click(screen.getByRole('button', { name: 'Stay updated' }));
    expect(dialog().open).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    fireEvent.click(screen.getByRole('button', { name: 'Close banner' }));
    expect(banner()).toBeNull();
  });

  it('still works when localStorage throws: no automatic modal, sign-up reachable', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    render(<Launch site={site} />);
    expect(dialog().open).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Stay updated' }));
    expect(dialog().open).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialog().open).toBe(false);
    expect(popup()).toBeTruthy();
  });

  it('posts to the configured endpoint and offers no popup after signing up', async () => {
    const fetchMock = vi.fn(async () => ({ ok: true, status: 200 }) as Response);
    vi.stubGlobal('fetch', fetchMock);
    render(<Launch site={site} />);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Asha Rao' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'asha@example.in' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Get Launch Update' }));
    });
    expect(fetchMock.mock.calls[0]).toEqual([site.forms.launch, expect.anything()]);
    expect(screen.getByText('Thank you!')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(SUCCESS_CLOSE_MS);
    });
    expect(dialog().open).toBe(false);
    expect(window.localStorage.getItem(SEEN_KEY)).not.toBeNull();
    expect(popup()).toBeNull();
  });

  describe('lifecycle', () => {
    it('shows nothing when the site config switches the notice off', () => {
      render(<Launch site={{ ...site, launchNotice: false }} />);
      expect(document.querySelector('dialog')).toBeNull();
      expect(banner()).toBeNull();
      expect(popup()).toBeNull();
    });

    it('still shows on launch day, saying so', () => {
      vi.setSystemTime(new Date(2025, 8, 10, 23, 30));
      render(<Launch site={site} />);
      expect(dialog().open).toBe(true);
      expect(dialog().textContent).toContain('Launching today');
      expect(banner()?.textContent).toContain('is launching today');
    });

    it('stops by itself once the launch day is over, even on a first visit', () => {
      vi.setSystemTime(new Date(2025, 8, 11, 0, 0, 1));
      render(<Launch site={site} />);
      expect(document.querySelector('dialog')).toBeNull();
      expect(banner()).toBeNull();
      expect(popup()).toBeNull();
    });
  });
});
