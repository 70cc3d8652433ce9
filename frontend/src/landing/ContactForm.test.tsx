import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CLEAR_MS, MESSAGES, SUCCESS_CLEAR_MS } from './forms';
import { flush, landingSite, renderLanding, withForms } from './fixture';

type Gtag = ReturnType<typeof vi.fn>;
const win = window as unknown as { gtag?: Gtag };

function form(id: string): HTMLFormElement {
  return document.getElementById(id) as HTMLFormElement;
}

function input(f: HTMLFormElement, name: string): HTMLInputElement {
  return f.elements.namedItem(name) as HTMLInputElement;
}

function type(f: HTMLFormElement, name: string, value: string) {
  fireEvent.change(input(f, name), { target: { value } });
}

function submit(f: HTMLFormElement) {
  fireEvent.click(within(f).getByRole('button', { name: /^Send/ }));
}

function fill(f: HTMLFormElement) {
  type(f, 'name', 'Asha Verma');
  type(f, 'email', 'asha@nivaran.example');
  type(f, 'company', 'Verma Exports');
}

// The message under a field, found the way assistive technology finds it.
function messageFor(el: HTMLElement): string | null {
  const id = el.getAttribute('aria-describedby');
  return id ? document.getElementById(id)!.textContent : null;
}

const status = (f: HTMLFormElement) => within(f).getByRole('status').textContent;
const alert = (f: HTMLFormElement) => within(f).getByRole('alert').textContent;

function reply(ok: boolean, body: unknown) {
  return { ok, status: ok ? 200 : 422, json: () => (body instanceof Error ? Promise.reject(body) : Promise.resolve(body)) } as unknown as Response;
}

let fetchMock: ReturnType<typeof vi.fn>;
let consoleError: { mock: { calls: unknown[][] } };

beforeEach(() => {
  fetchMock = vi.fn().mockResolvedValue(reply(true, { ok: true }));
  vi.stubGlobal('fetch', fetchMock);
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  // Anything else on console.error would be a React warning (act, keys, props).
  expect(consoleError.mock.calls.filter((c) => !(c[0] instanceof Error))).toEqual([]);
  vi.useRealTimers();
  vi.unstubAllGlobals();
  delete win.gtag;
});

const loggedErrors = (): Error[] => consoleError.mock.calls.map((c) => c[0]).filter((e): e is Error => e instanceof Error);

describe.each([
  ['editorial-form', ['_subject', '_gotcha', 'name', 'email', 'phone', 'company'], 'New editorial inquiry — Nivaran Magazine'],
  ['partnership-form', ['_subject', '_gotcha', 'name', 'company', 'email', 'phone'], 'New partnership inquiry — Nivaran Magazine'],
])('%s', (id, names, subject) => {
  it('has its fields in order, a hidden subject and a hidden spam trap', () => {
    renderLanding();
    const f = form(id);
    expect([...f.querySelectorAll('input')].map((i) => i.name)).toEqual(names);
    expect(input(f, '_subject').type).toBe('hidden');
    expect(input(f, '_subject').value).toBe(subject);
    const trap = input(f, '_gotcha');
    expect(trap.tabIndex).toBe(-1);
    expect(trap.getAttribute('autocomplete')).toBe('off');
    expect(trap.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(trap.closest('.landing-trap')).toBeTruthy();
    expect(f.method).toBe('post');
    // Hydrated: our messages replace the browser's own checks.
    expect(f.noValidate).toBe(true);
  });

  it('shows Required under name and email on an empty submit, and sends nothing', () => {
    renderLanding();
    const f = form(id);
    submit(f);
    expect(messageFor(input(f, 'name'))).toBe('Required');
    expect(messageFor(input(f, 'email'))).toBe('Required');
    expect(input(f, 'name').getAttribute('aria-invalid')).toBe('true');
    expect(input(f, 'email').getAttribute('aria-invalid')).toBe('true');
    for (const optional of ['phone', 'company']) {
      expect(messageFor(input(f, optional))).toBeNull();
      expect(input(f, optional).hasAttribute('aria-invalid')).toBe(false);
    }
    expect(document.activeElement).toBe(input(f, 'name'));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says Invalid email for a malformed address', () => {
    renderLanding();
    const f = form(id);
    type(f, 'name', 'Asha');
    type(f, 'email', 'asha@nivaran');
    submit(f);
    expect(messageFor(input(f, 'name'))).toBeNull();
    expect(messageFor(input(f, 'email'))).toBe('Invalid email');
    expect(document.activeElement).toBe(input(f, 'email'));
  });

  it('stays quiet while typing before a submit, then re-validates on every change', () => {
    renderLanding();
    const f = form(id);
    type(f, 'email', 'a');
    expect(messageFor(input(f, 'email'))).toBeNull();
    submit(f);
    expect(messageFor(input(f, 'email'))).toBe('Invalid email');
    type(f, 'email', 'asha@nivaran.example');
    expect(messageFor(input(f, 'email'))).toBeNull();
    expect(messageFor(input(f, 'name'))).toBe('Required');
    type(f, 'name', 'Asha');
    expect(messageFor(input(f, 'name'))).toBeNull();
    type(f, 'email', '');
    expect(messageFor(input(f, 'email'))).toBe('Required');
  });
});

describe('sending', () => {
  it('POSTs the form as multipart data to its endpoint and asks for JSON', async () => {
    renderLanding();
    const f = form('partnership-form');
    fill(f);
    submit(f);
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(landingSite.forms.partnership);
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ Accept: 'application/json' });
    const body = init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries(body.entries())).toEqual({
      _subject: 'New partnership inquiry — Nivaran Magazine',
      _gotcha: '',
      name: 'Asha Verma',
      company: 'Verma Exports',
      email: 'asha@nivaran.example',
      phone: '',
    });
  });

  it('shows Sending..., then success, resets the form and clears the message after 5 s', async () => {
    vi.useFakeTimers();
    let resolve!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (resolve = r)));
    renderLanding();
    const f = form('editorial-form');
    fill(f);
    submit(f);
    expect(status(f)).toBe(MESSAGES.sending);
    expect(f.getAttribute('aria-busy')).toBe('true');
    // A second click while sending does not send again.
    submit(f);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    resolve(reply(true, { ok: true }));
    await flush();
    expect(status(f)).toBe(MESSAGES.success);
    expect(alert(f)).toBe('');
    expect(f.getAttribute('aria-busy')).toBe('false');
    expect(input(f, 'name').value).toBe('');
    expect(input(f, 'email').value).toBe('');
    expect(input(f, '_subject').value).toBe('New editorial inquiry — Nivaran Magazine');

    act(() => vi.advanceTimersByTime(SUCCESS_CLEAR_MS - 1));
    expect(status(f)).toBe(MESSAGES.success);
    act(() => vi.advanceTimersByTime(1));
    expect(status(f)).toBe('');
    expect(loggedErrors()).toEqual([]);
  });

  it.each([
    ['an errors array in a non-ok answer', () => Promise.resolve(reply(false, { errors: [{ field: 'email', message: 'email is on a block list' }, { message: 'try later' }] })), 'email is on a block list, try later'],
    ['an errors array in an ok answer', () => Promise.resolve(reply(true, { errors: [{ message: 'submission flagged as spam' }] })), 'submission flagged as spam'],
    ['a non-ok answer without messages', () => Promise.resolve(reply(false, new SyntaxError('not json'))), 'Form submission failed'],
    ['a network error', () => Promise.reject(new TypeError('Failed to fetch')), 'Form submission failed'],
  ])('on %s shows the error, logs it, keeps the input and clears the message after 8 s', async (_, answer, logged) => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(answer);
    renderLanding();
    const f = form('editorial-form');
    fill(f);
    submit(f);
    await flush();
    expect(alert(f)).toBe(MESSAGES.error);
    expect(status(f)).toBe('');
    expect(loggedErrors().map((e) => e.message)).toEqual([logged]);
    expect(input(f, 'name').value).toBe('Asha Verma');

    act(() => vi.advanceTimersByTime(ERROR_CLEAR_MS - 1));
    expect(alert(f)).toBe(MESSAGES.error);
    act(() => vi.advanceTimersByTime(1));
    expect(alert(f)).toBe('');
  });

  it('a new submit replaces the pending clear of the previous message', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(reply(false, { errors: [{ message: 'x' }] })).mockResolvedValueOnce(reply(true, { ok: true }));
    renderLanding();
    const f = form('editorial-form');
    fill(f);
    submit(f);
    await flush();
    act(() => vi.advanceTimersByTime(ERROR_CLEAR_MS - 1000));
    submit(f);
    await flush();
    expect(status(f)).toBe(MESSAGES.success);
    // The old 8 s timer would fire here; it must not clear the new message.
    act(() => vi.advanceTimersByTime(1000));
    expect(status(f)).toBe(MESSAGES.success);
    act(() => vi.advanceTimersByTime(SUCCESS_CLEAR_MS - 1000));
    expect(status(f)).toBe('');
  });
});

describe('the endpoint guard', () => {
  it('refuses a form whose action is not a configured endpoint', async () => {
    renderLanding();
    const f = form('editorial-form');
    f.setAttribute('action', 'https://collector.evil.example/harvest');
    fill(f);
    submit(f);
    await flush();
    expect(alert(f)).toBe(MESSAGES.config);
    expect(status(f)).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('refuses to send when the endpoint is not configured', async () => {
    renderLanding(withForms({ editorial: '' }));
    const f = form('editorial-form');
    fill(f);
    submit(f);
    await flush();
    expect(alert(f)).toBe(MESSAGES.config);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the fields first', async () => {
    renderLanding(withForms({ editorial: '' }));
    const f = form('editorial-form');
    submit(f);
    await flush();
    expect(alert(f)).toBe('');
    expect(messageFor(input(f, 'name'))).toBe('Required');
  });
});

describe('analytics', () => {
  it("sends form_submit with the form's id after a successful submission", async () => {
    win.gtag = vi.fn();
    renderLanding();
    for (const id of ['editorial-form', 'partnership-form']) {
      const f = form(id);
      fill(f);
      submit(f);
      await flush();
    }
    expect(win.gtag.mock.calls).toEqual([
      ['event', 'form_submit', { event_label: 'editorial-form' }],
      ['event', 'form_submit', { event_label: 'partnership-form' }],
    ]);
  });

  it('sends nothing for a failed or invalid submission', async () => {
    win.gtag = vi.fn();
    fetchMock.mockResolvedValue(reply(false, { errors: [{ message: 'no' }] }));
    renderLanding();
    const f = form('editorial-form');
    submit(f);
    fill(f);
    submit(f);
    await flush();
    expect(alert(f)).toBe(MESSAGES.error);
    expect(win.gtag).not.toHaveBeenCalled();
  });

  it('works without gtag', async () => {
    renderLanding();
    const f = form('editorial-form');
    fill(f);
    submit(f);
    await flush();
    expect(status(f)).toBe(MESSAGES.success);
  });
});

describe('newsletter-form', () => {
  it('is a plain POST to the configured endpoint', () => {
    renderLanding(withForms({ newsletter: 'https://lists.nivaran.example/subscribe' }));
    const f = form('newsletter-form');
    expect(f.getAttribute('method')).toBe('post');
    expect(f.getAttribute('action')).toBe('https://lists.nivaran.example/subscribe');
    expect(input(f, 'email').type).toBe('email');
    expect(input(f, 'email').required).toBe(true);
    expect(within(f).getByRole('button', { name: 'Subscribe' }).getAttribute('type')).toBe('submit');
  });

  it('blocks an invalid submit with a message and re-validates on change', () => {
    renderLanding();
    const f = form('newsletter-form');
    expect(fireEvent.submit(f)).toBe(false);
    expect(messageFor(input(f, 'email'))).toBe('Required');
    expect(input(f, 'email').getAttribute('aria-invalid')).toBe('true');
    type(f, 'email', 'asha@');
    expect(messageFor(input(f, 'email'))).toBe('Invalid email');
    expect(fireEvent.submit(f)).toBe(false);
    type(f, 'email', 'asha@nivaran.example');
    expect(messageFor(input(f, 'email'))).toBeNull();
  });

  it('lets a valid submit through to the browser', () => {
    renderLanding();
    const f = form('newsletter-form');
    type(f, 'email', 'asha@nivaran.example');
    // Not prevented: the browser posts the form itself.
    expect(fireEvent.submit(f)).toBe(true);
    expect(messageFor(input(f, 'email'))).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

it('shows the editor e-mail as the direct contact', () => {
  renderLanding();
  expect(screen.getByRole('link', { name: 'desk@nivaran.example' }).getAttribute('href')).toBe('mailto:desk@nivaran.example');
});
