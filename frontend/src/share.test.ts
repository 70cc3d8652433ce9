import { describe, expect, it, vi } from 'vitest';
import { facebookURL, linkedInURL, openShareWindow, shareNative, twitterURL } from './share';
import { stormShare } from './articles/StormLayout';
import { story } from './testing';

const s = { title: 'GST 2.0 & growth', introduction: 'Two slabs: 5% and 18%.', url: 'https://nivaran.example/india-gst?x=1' };

function fakeWindow(small = false) {
  return {
    open: vi.fn(),
    screen: { width: 1200, height: 800 },
    matchMedia: (q: string) => ({ matches: small && q.includes('max-width') }),
    navigator: {} as Navigator,
  } as unknown as Window & { open: ReturnType<typeof vi.fn> };
}

describe('share links', () => {
  it('builds the Twitter/X intent with title, introduction and url', () => {
    const u = new URL(twitterURL(s));
    expect(u.origin + u.pathname).toBe('https://twitter.com/intent/tweet');
    expect(u.searchParams.get('text')).toBe('GST 2.0 & growth - Two slabs: 5% and 18%.');
    expect(u.searchParams.get('url')).toBe(s.url);
  });

  it('builds Facebook and LinkedIn links with the url only', () => {
    expect(new URL(facebookURL(s)).searchParams.get('u')).toBe(s.url);
    expect(new URL(linkedInURL(s)).searchParams.get('url')).toBe(s.url);
  });

  it('opens a 600x400 window', () => {
    const win = fakeWindow();
    openShareWindow('https://x.example', win);
    expect(win.open).toHaveBeenCalledWith('https://x.example', 'share', expect.stringContaining('width=600,height=400'));
  });
});

describe('native share with fallbacks', () => {
  it('uses the share sheet when present', async () => {
    const share = vi.fn().mockResolvedValue(undefined);
    expect(await shareNative(s, 'copy', { share } as unknown as Navigator, fakeWindow())).toBe('native');
    expect(share).toHaveBeenCalledWith({ title: s.title, text: s.introduction, url: s.url });
  });

  it('treats a dismissed sheet as cancelled, not as failure', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('no', 'AbortError'));
    expect(await shareNative(s, 'twitter', { share } as unknown as Navigator, fakeWindow())).toBe('cancelled');
  });

  it('copies the link when there is no share sheet', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    expect(await shareNative(s, 'copy', { clipboard: { writeText } } as unknown as Navigator, fakeWindow())).toBe('copied');
    expect(writeText).toHaveBeenCalledWith(s.url);
  });

  it('opens Twitter/X when there is no share sheet and that is the fallback', async () => {
    const win = fakeWindow();
    expect(await shareNative(s, 'twitter', {} as Navigator, win)).toBe('window');
    expect(win.open.mock.calls[0][0]).toContain('https://twitter.com/intent/tweet');
  });

  it('storm page: native share on small screens, Twitter on large ones', async () => {
    const small = fakeWindow(true);
    const share = vi.fn().mockResolvedValue(undefined);
    (small as any).navigator = { share };
    await stormShare(story(), small);
    expect(share).toHaveBeenCalled();
    expect(small.open).not.toHaveBeenCalled();

    const large = fakeWindow(false);
    (large as any).navigator = { share };
    share.mockClear();
    await stormShare(story(), large);
    expect(share).not.toHaveBeenCalled();
    expect(large.open.mock.calls[0][0]).toContain('twitter.com/intent/tweet');
  });
});
