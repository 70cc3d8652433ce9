import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { countdownText, LaunchModal, SUCCESS_CLOSE_MS } from './LaunchModal';
import { installDialogPolyfill } from './test-dialog';

let uninstall: () => void;
beforeAll(() => {
  uninstall = installDialogPolyfill();
});
afterAll(() => uninstall());

const endpoint = '/api/forms/launch';

beforeEach(() => {
  // The countdown reads the clock: pin it five days before launch.
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(new Date(2025, 8, 5, 10, 0));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete window.gtag;
});

function setup(open = true) {
  const onClose = vi.fn();
  const utils = render(<LaunchModal open={open} onClose={onClose} endpoint={endpoint} launchDate="2025-09-10" />);
  const dialog = utils.container.querySelector('dialog')!;
  return { ...utils, onClose, dialog };
}

const nameInput = () => screen.getByLabelText('Name') as HTMLInputElement;
const emailInput = () => screen.getByLabelText('Email') as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: /Get Launch Update|Submitting/ }));

function fillValid() {
  fireEvent.change(nameInput(), { target: { value: 'Asha Rao' } });
  fireEvent.change(emailInput(), { target: { value: 'asha@example.in' } });
}

// A fetch whose answer the test releases, to look at the in-flight state.
function deferredFetch() {
  let answer!: (r: Response) => void;
  const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    answer: async (r: Partial<Response>) => {
      await act(async () => {
        answer(r as Response);
      });
    },
  };
}

describe('LaunchModal content', () => {
  it('shows the heading, the countdown, the pitch and the labelled fields', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Launching Soon!' })).toBeTruthy();
    expect(screen.getByText('Launching in 5 days')).toBeTruthy();
    expect(screen.getByText(/part of India's growth story/)).toBeTruthy();
    expect(nameInput().value).toBe('');
    expect(emailInput().value).toBe('');
    expect(emailInput().type).toBe('email');
    expect(screen.getByRole('button', { name: 'Get Launch Update' })).toBeTruthy();
  });

  it('words the countdown for one day, launch day and before the clock is known', () => {
    expect(countdownText(1)).toBe('Launching in 1 day');
    expect(countdownText(0)).toBe('Launching today');
    expect(countdownText(null)).toBe('Launching soon');
  });
});

describe('LaunchModal dialog', () => {
  it('opens modally and moves focus into the form', () => {
    const { dialog } = setup();
    expect(dialog.open).toBe(true);
    expect(document.activeElement).toBe(nameInput());
  });

  it('stays closed while open is false', () => {
    const { dialog } = setup(false);
    expect(dialog.open).toBe(false);
  });

  it('falls back to the open attribute where showModal is missing', () => {
    uninstall();
    try {
      const { dialog } = setup();
      expect(dialog.hasAttribute('open')).toBe(true);
    } finally {
      uninstall = installDialogPolyfill();
    }
  });

  it('asks to close from the close button', () => {
    const { onClose } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledWith('dismiss');
  });

  it('asks to close on a backdrop click but not on a click inside', () => {
    const { onClose, dialog } = setup();
    fireEvent.click(screen.getByRole('heading', { name: 'Launching Soon!' }));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(dialog);
    expect(onClose).toHaveBeenCalledWith('dismiss');
  });

  it('does not close when a press starts inside and ends on the backdrop', () => {
    const { onClose, dialog } = setup();
    fireEvent.pointerDown(nameInput());
    fireEvent.click(dialog);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('asks to close when the browser closes it (Esc)', () => {
    const { onClose, dialog } = setup();
    act(() => dialog.close());
    expect(onClose).toHaveBeenCalledWith('dismiss');
  });

  it('closes when open turns false and gives focus back to the opener', () => {
    const onClose = vi.fn();
    const { rerender, container } = render(
      <>
        <button type="button">opener</button>
        <LaunchModal open={false} onClose={onClose} endpoint={endpoint} launchDate="2025-09-10" />
      </>,
    );
    const opener = screen.getByRole('button', { name: 'opener' });
    opener.focus();
    const view = (open: boolean) => (
      <>
        <button type="button">opener</button>
        <LaunchModal open={open} onClose={onClose} endpoint={endpoint} launchDate="2025-09-10" />
      </>
    );
    rerender(view(true));
    const dialog = container.querySelector('dialog')!;
    expect(dialog.open).toBe(true);
    expect(document.activeElement).toBe(nameInput());
    rerender(view(false));
    expect(dialog.open).toBe(false);
    expect(document.activeElement).toBe(opener);
    expect(onClose).not.toHaveBeenCalled(); // a close the parent asked for is not reported back
  });

  it('mounted closed, leaves focus where the reader put it', () => {
    const input = document.createElement('input');
    document.body.append(input);
    input.focus();
    render(
      <main id="main" tabIndex={-1}>
        <LaunchModal open={false} onClose={() => {}} endpoint={endpoint} launchDate="2025-09-10" />
      </main>,
    );
    expect(document.activeElement).toBe(input);
    input.remove();
  });

  it('opened by itself, gives focus to the main content when it closes', () => {
    const view = (open: boolean) => (
      <main id="main" tabIndex={-1}>
        <LaunchModal open={open} onClose={() => {}} endpoint={endpoint} launchDate="2025-09-10" />
      </main>
    );
    (document.activeElement as HTMLElement | null)?.blur();
    const { rerender } = render(view(true));
    expect(document.activeElement).toBe(nameInput());
    rerender(view(false));
    expect(document.activeElement).toBe(document.getElementById('main'));
  });
});

describe('LaunchModal validation', () => {
  it('shows nothing before the first submit', () => {
    setup();
    fireEvent.change(nameInput(), { target: { value: 'A' } });
    expect(screen.queryByText('Name must be at least 2 characters')).toBeNull();
  });

  it('shows both messages on an empty submit, linked to their fields, and sends nothing', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    setup();
    submit();
    const nameError = screen.getByText('Name must be at least 2 characters');
    const emailError = screen.getByText('Please enter a valid email address');
    expect(nameInput().getAttribute('aria-invalid')).toBe('true');
    expect(nameInput().getAttribute('aria-describedby')).toBe(nameError.id);
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    expect(emailInput().getAttribute('aria-describedby')).toBe(emailError.id);
    expect(document.activeElement).toBe(nameInput());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('re-validates on every change after a submit', () => {
    setup();
    submit();
    fireEvent.change(nameInput(), { target: { value: 'A' } });
    expect(screen.getByText('Name must be at least 2 characters')).toBeTruthy();
    fireEvent.change(nameInput(), { target: { value: 'As' } });
    expect(screen.queryByText('Name must be at least 2 characters')).toBeNull();
    expect(nameInput().hasAttribute('aria-invalid')).toBe(false);
    expect(nameInput().hasAttribute('aria-describedby')).toBe(false);
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    fireEvent.change(emailInput(), { target: { value: 'asha@example.in' } });
    expect(screen.queryByText('Please enter a valid email address')).toBeNull();
    fireEvent.change(emailInput(), { target: { value: 'asha@' } });
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
  });

  it('focuses the email field when only it is wrong', () => {
    setup();
    fireEvent.change(nameInput(), { target: { value: 'Asha' } });
    submit();
    expect(document.activeElement).toBe(emailInput());
  });
});

describe('LaunchModal sending', () => {
  it('posts the sign-up as JSON, thanks the visitor, resets and closes after 2000 ms', async () => {
    const { fetchMock, answer } = deferredFetch();
    const { onClose } = setup();
    fillValid();
    submit();

    const busy = screen.getByRole('button', { name: 'Submitting...' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(endpoint);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'Content-Type': 'application/json', Accept: 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual({
      name: 'Asha Rao',
      email: 'asha@example.in',
      subject: 'Launch Update Subscription',
      message: 'Asha Rao (asha@example.in) would like launch updates for the portal.',
    });

    await answer({ ok: true, status: 200 });
    expect(screen.getByText('Thank you!')).toBeTruthy();
    expect(screen.getByText("We'll notify you when the portal launches.")).toBeTruthy();
    expect(screen.queryByLabelText('Name')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();

    act(() => {
      vi.advanceTimersByTime(SUCCESS_CLOSE_MS - 1);
    });
    expect(onClose).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledWith('submitted');
    expect(SUCCESS_CLOSE_MS).toBe(2000);
  });

  it('shows an empty form again the next time it opens', async () => {
    const { answer } = deferredFetch();
    const onClose = vi.fn();
    const { rerender } = render(<LaunchModal open onClose={onClose} endpoint={endpoint} launchDate="2025-09-10" />);
    fillValid();
    submit();
    await answer({ ok: true, status: 200 });
    act(() => {
      vi.advanceTimersByTime(SUCCESS_CLOSE_MS);
    });
    rerender(<LaunchModal open={false} onClose={onClose} endpoint={endpoint} launchDate="2025-09-10" />);
    rerender(<LaunchModal open onClose={onClose} endpoint={endpoint} launchDate="2025-09-10" />);
    expect(screen.queryByText('Thank you!')).toBeNull();
    expect(nameInput().value).toBe('');
    expect(emailInput().value).toBe('');
  });

  it('on failure logs the error, shows nothing new and keeps the values', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { answer } = deferredFetch();
    const { onClose } = setup();
    fillValid();
    submit();
    await answer({ ok: false, status: 500 });

    expect(error).toHaveBeenCalledWith('Launch form submission error', expect.objectContaining({ message: 'Form submission failed' }));
    expect(screen.queryByText('Thank you!')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(nameInput().value).toBe('Asha Rao');
    expect(emailInput().value).toBe('asha@example.in');
    const button = screen.getByRole('button', { name: 'Get Launch Update' }) as HTMLButtonElement;
    expect(button.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    act(() => {
      vi.advanceTimersByTime(SUCCESS_CLOSE_MS * 2);
    });
    expect(onClose).not.toHaveBeenCalled();
  });

  it('treats a network error like a failed answer', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    setup();
    fillValid();
    await act(async () => {
      submit();
    });
    expect(error).toHaveBeenCalledWith('Launch form submission error', expect.any(TypeError));
    expect(nameInput().value).toBe('Asha Rao');
  });

  it('sends the launch_signup analytics event first when gtag exists', async () => {
    const gtag = vi.fn();
    window.gtag = gtag;
    const { fetchMock, answer } = deferredFetch();
    setup();
    fillValid();
    submit();
    expect(gtag).toHaveBeenCalledWith('event', 'launch_signup', {
      event_category: 'engagement',
      event_label: 'launch_modal_form',
      page_location: window.location.href,
    });
    expect(gtag.mock.invocationCallOrder[0]).toBeLessThan(fetchMock.mock.invocationCallOrder[0]);
    await answer({ ok: true, status: 200 });
  });

  it('sends no event for an invalid form', () => {
    const gtag = vi.fn();
    window.gtag = gtag;
    setup();
    submit();
    expect(gtag).not.toHaveBeenCalled();
  });
});
