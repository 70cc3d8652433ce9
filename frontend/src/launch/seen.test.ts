import { afterEach, describe, expect, it, vi } from 'vitest';
import { markSeen, readSeen, SEEN_KEY } from './seen';

afterEach(() => {
  vi.restoreAllMocks(); // before touching storage, which some tests make throw
  window.localStorage.clear();
});

describe('seen flag', () => {
  it('is unset on a first visit and persists once marked', () => {
    expect(readSeen()).toBe(false);
    expect(markSeen()).toBe(true);
    expect(window.localStorage.getItem(SEEN_KEY)).not.toBeNull();
    expect(readSeen()).toBe(true);
  });

  it('counts as seen when storage cannot be read, so the modal does not open on every visit', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    expect(readSeen()).toBe(true);
  });

  it('survives a storage that refuses writes', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(markSeen()).toBe(false);
    expect(readSeen()).toBe(false);
  });

  it('survives window.localStorage itself throwing', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    expect(readSeen()).toBe(true);
    expect(markSeen()).toBe(false);
  });
});
