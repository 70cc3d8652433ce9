import { afterEach, describe, expect, it, vi } from 'vitest';
import { FALLBACK_ERROR, isKnownEndpoint, sendForm } from './forms';

const base = 'https://nivaran.example/about';
const endpoints = ['/api/forms/editorial', 'https://forms.nivaran.example/f/partnership'];

describe('isKnownEndpoint', () => {
  it('accepts a configured endpoint, relative or resolved', () => {
    expect(isKnownEndpoint('/api/forms/editorial', endpoints, base)).toBe(true);
    expect(isKnownEndpoint('https://nivaran.example/api/forms/editorial', endpoints, base)).toBe(true);
    expect(isKnownEndpoint('https://forms.nivaran.example/f/partnership', endpoints, base)).toBe(true);
  });

  it('refuses anything else', () => {
    expect(isKnownEndpoint('https://evil.example/collect', endpoints, base)).toBe(false);
    expect(isKnownEndpoint('/api/forms/newsletter', endpoints, base)).toBe(false);
    expect(isKnownEndpoint('https://other.example/api/forms/editorial', endpoints, base)).toBe(false);
    expect(isKnownEndpoint(null, endpoints, base)).toBe(false);
    expect(isKnownEndpoint('', endpoints, base)).toBe(false);
  });

  it('never matches an unset endpoint, which would resolve to the page itself', () => {
    expect(isKnownEndpoint(base, ['', '  '], base)).toBe(false);
    expect(isKnownEndpoint('', [''], base)).toBe(false);
  });
});

function answer(ok: boolean, body: unknown, status = ok ? 200 : 422) {
  return {
    ok,
    status,
    json: body instanceof Error ? () => Promise.reject(body) : () => Promise.resolve(body),
  } as unknown as Response;
}

describe('sendForm', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('POSTs the form data and asks for JSON', async () => {
    const fetch = vi.fn().mockResolvedValue(answer(true, { ok: true }));
    vi.stubGlobal('fetch', fetch);
    const body = new FormData();
    body.set('email', 'asha@nivaran.example');
    expect(await sendForm('/api/forms/editorial', body)).toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledWith('/api/forms/editorial', { method: 'POST', body, headers: { Accept: 'application/json' } });
  });

  it('succeeds on an ok answer with an empty error list or no JSON', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(true, { errors: [] })));
    expect(await sendForm('/x', new FormData())).toEqual({ ok: true });
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(true, new SyntaxError('not json'))));
    expect(await sendForm('/x', new FormData())).toEqual({ ok: true });
  });

  it("fails with the server's messages joined by commas", async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(false, { errors: [{ field: 'email', message: 'should be an email' }, { message: 'too many requests' }] })));
    const r = await sendForm('/x', new FormData());
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error.message).toBe('should be an email, too many requests');
  });

  it('fails when an ok answer still carries errors', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(true, { errors: [{ message: 'spam' }] })));
    const r = await sendForm('/x', new FormData());
    expect(!r.ok && r.error.message).toBe('spam');
  });

  it(`fails with '${FALLBACK_ERROR}' when there are no server messages`, async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(false, new SyntaxError('html error page'), 500)));
    let r = await sendForm('/x', new FormData());
    expect(!r.ok && r.error.message).toBe(FALLBACK_ERROR);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(false, { errors: [{ code: 'X' }] })));
    r = await sendForm('/x', new FormData());
    expect(!r.ok && r.error.message).toBe(FALLBACK_ERROR);
  });

  it('fails on a network error, keeping it as the cause', async () => {
    const down = new TypeError('Failed to fetch');
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(down));
    const r = await sendForm('/x', new FormData());
    expect(!r.ok && r.error.message).toBe(FALLBACK_ERROR);
    expect(!r.ok && r.error.cause).toBe(down);
  });
});
