// Share links and the native share sheet.

export interface Shareable {
  title: string;
  introduction: string;
  url: string;
}

export const shareWindow = { width: 600, height: 400 };

export function twitterURL(s: Shareable): string {
  const text = `${s.title} - ${s.introduction}`;
  return `https://twitter.com/intent/tweet?text=${encodeURIComponent(text)}&url=${encodeURIComponent(s.url)}`;
}

export function facebookURL(s: Shareable): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(s.url)}`;
}

export function linkedInURL(s: Shareable): string {
  return `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(s.url)}`;
}

export function openShareWindow(url: string, win: Window = window): void {
  const { width, height } = shareWindow;
  const left = Math.max(0, (win.screen.width - width) / 2);
  const top = Math.max(0, (win.screen.height - height) / 2);
  win.open(url, 'share', `width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`);
}

export type ShareOutcome = 'native' | 'copied' | 'window' | 'cancelled' | 'failed';

// The share sheet where the device has one; otherwise a fallback.
export async function shareNative(
  s: Shareable,
  fallback: 'copy' | 'twitter',
  nav: Navigator = navigator,
  win: Window = window,
): Promise<ShareOutcome> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share({ title: s.title, text: s.introduction, url: s.url });
      return 'native';
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return 'cancelled';
      // Fall through to the fallback when the share sheet itself failed.
    }
  }
  if (fallback === 'twitter') {
    openShareWindow(twitterURL(s), win);
    return 'window';
  }
  try {
    await nav.clipboard.writeText(s.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
