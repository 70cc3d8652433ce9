import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COUNTDOWN_REFRESH_MS } from './countdown';
import { BANNER_BODY_CLASS, BANNER_HEIGHT_VAR, bannerText, LaunchBanner } from './LaunchBanner';
import { LaunchPopup } from './LaunchPopup';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date(2025, 8, 5, 10, 0));
});
afterEach(() => {
  vi.useRealTimers();
});

function setup(visible = true, launchDate = '2025-09-10') {
  const onClose = vi.fn();
  const onStayUpdated = vi.fn();
  const utils = render(<LaunchBanner visible={visible} onClose={onClose} onStayUpdated={onStayUpdated} launchDate={launchDate} />);
  return { ...utils, onClose, onStayUpdated };
}

describe('LaunchBanner', () => {
  it('says how many days are left', () => {
    setup();
    expect(screen.getByRole('complementary', { name: 'Portal launch' }).textContent).toContain(
      'Our new news-and-solutions portal is coming in 5 days',
    );
  });

  it('words one day and launch day', () => {
    expect(bannerText(1)).toBe('Our new news-and-solutions portal is coming in 1 day');
    expect(bannerText(0)).toBe('Our new news-and-solutions portal is launching today');
  });

  it('counts down once a day', () => {
    setup();
    act(() => {
      vi.advanceTimersByTime(COUNTDOWN_REFRESH_MS);
    });
    expect(screen.getByText(/coming in 4 days/)).toBeTruthy();
  });

  it('opens the modal from Stay updated and closes from its button', () => {
    const { onClose, onStayUpdated } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Stay updated' }));
    expect(onStayUpdated).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close banner' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders nothing when its parent hides it', () => {
    const { container } = setup(false);
    expect(container.innerHTML).toBe('');
  });

  it('pads the body by its height only while shown', () => {
    const { rerender } = setup();
    expect(document.body.classList.contains(BANNER_BODY_CLASS)).toBe(true);
    expect(document.documentElement.style.getPropertyValue(BANNER_HEIGHT_VAR)).toMatch(/px$/);
    rerender(<LaunchBanner visible={false} onClose={() => {}} onStayUpdated={() => {}} launchDate="2025-09-10" />);
    expect(document.body.classList.contains(BANNER_BODY_CLASS)).toBe(false);
    expect(document.documentElement.style.getPropertyValue(BANNER_HEIGHT_VAR)).toBe('');
  });
});

describe('LaunchPopup', () => {
  it('offers the sign-up and can be closed', () => {
    const onClose = vi.fn();
    const onOpenModal = vi.fn();
    render(<LaunchPopup visible onClose={onClose} onOpenModal={onOpenModal} />);
    expect(screen.getByRole('complementary', { name: 'Launch updates' }).textContent).toMatch(/portal/);
    fireEvent.click(screen.getByRole('button', { name: 'Get launch updates' }));
    expect(onOpenModal).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Close launch notice' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('renders nothing when hidden', () => {
    const { container } = render(<LaunchPopup visible={false} onClose={() => {}} onOpenModal={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});

describe('closing a notice from the keyboard', () => {
  it('leaves focus on the page, not on <body>', () => {
    for (const which of ['banner', 'popup'] as const) {
      const main = document.createElement('main');
      main.id = 'main';
      main.tabIndex = -1;
      document.body.append(main);
      const onClose = vi.fn();
      const { unmount } =
        which === 'banner'
          ? render(<LaunchBanner visible onClose={onClose} onStayUpdated={() => {}} launchDate="2025-09-10" />)
          : render(<LaunchPopup visible onClose={onClose} onOpenModal={() => {}} />);
      const close = screen.getByRole('button', { name: which === 'banner' ? 'Close banner' : 'Close launch notice' });
      close.focus();
      fireEvent.click(close);
      expect(onClose, which).toHaveBeenCalled();
      expect(document.activeElement, which).toBe(main);
      unmount();
      main.remove();
    }
  });
});
