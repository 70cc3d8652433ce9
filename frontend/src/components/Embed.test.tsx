import { act, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Embed from './Embed';
import type { Embed as EmbedData } from '../types';

const video: EmbedData = { provider: 'youtube', url: 'https://www.youtube.com/watch?v=aBcDeFgHiJk', src: 'https://www.youtube-nocookie.com/embed/aBcDeFgHiJk?autoplay=1', title: 'The policy, explained', width: 16, height: 9 };
const chart: EmbedData = { provider: 'datawrapper', url: 'https://datawrapper.dwcdn.net/AbCdE/1/', src: 'https://datawrapper.dwcdn.net/AbCdE/1/', title: 'CPI by state', width: 4, height: 3 };

// A controllable IntersectionObserver: the test says when the frame is near.
let near: ((entries: { isIntersecting: boolean }[]) => void) | undefined;
class FakeObserver {
  constructor(cb: (entries: { isIntersecting: boolean }[]) => void) {
    near = cb;
  }
  observe() {}
  disconnect() {
    near = undefined;
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  near = undefined;
});

describe('Embed', () => {
  it('is readable without JavaScript: a box of the right shape and a link, no frame, no dead button', () => {
    const html = renderToString(<Embed embed={video} />);
    expect(html).not.toContain('<iframe');
    expect(html).not.toContain('<button');
    expect(html).toContain('href="https://www.youtube.com/watch?v=aBcDeFgHiJk"');
    expect(html).toContain('viewBox="0 0 16 9"');
  });

  it('loads a video only when the reader asks, and puts the keyboard in it', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container } = render(<Embed embed={video} />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(near).toBeUndefined(); // scrolling never loads a video
    fireEvent.click(screen.getByRole('button', { name: 'Play video: The policy, explained' }));
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe(video.src);
    expect(frame.getAttribute('title')).toBe('The policy, explained');
    expect(document.activeElement).toBe(frame);
  });

  it('loads a chart when the reader scrolls near it', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { container } = render(<Embed embed={chart} />);
    expect(container.querySelector('iframe')).toBeNull();
    act(() => near!([{ isIntersecting: false }]));
    expect(container.querySelector('iframe')).toBeNull();
    act(() => near!([{ isIntersecting: true }]));
    expect(container.querySelector('iframe')!.getAttribute('src')).toBe(chart.src);
    expect(container.querySelector('.embed__sizer')!.getAttribute('viewBox')).toBe('0 0 4 3');
  });

  it('shows an X post as a link card', () => {
    const { container } = render(<Embed embed={{ provider: 'x', url: 'https://x.com/RBI/status/1', title: 'Post by @RBI on X' }} />);
    expect(container.querySelector('iframe, button')).toBeNull();
    expect(screen.getByText('Post by @RBI on X')).toBeTruthy();
  });
});
