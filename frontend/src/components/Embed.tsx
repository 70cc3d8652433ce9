import { useEffect, useRef, useState } from 'react';
import type { Embed as EmbedData } from '../types';

const words = {
  youtube: { load: 'Play video', open: 'Watch on YouTube', from: 'youtube-nocookie.com' },
  datawrapper: { load: 'Load chart', open: 'Open the chart on Datawrapper', from: 'datawrapper.dwcdn.net' },
  flourish: { load: 'Load visualisation', open: 'Open it on Flourish', from: 'flo.uri.sh' },
};

// Content from an allowed site. The page carries only a placeholder of the
// frame's exact shape (so nothing moves when it loads) and a link to the
// original, which is all a reader without JavaScript needs. The frame loads
// when the reader asks, or — for charts — scrolls near it: a video is heavy
// and plays sound, a chart is neither.
export default function Embed({ embed: e }: { embed: EmbedData }) {
  const [loaded, setLoaded] = useState(false);
  const [ready, setReady] = useState(false); // hydrated: the button can work
  const frame = useRef<HTMLDivElement>(null);
  const clicked = useRef(false);
  const onScroll = e.provider !== 'youtube';

  useEffect(() => setReady(true), []);
  useEffect(() => {
    const el = frame.current;
    if (!onScroll || loaded || !el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver((seen) => seen.some((s) => s.isIntersecting) && setLoaded(true), { rootMargin: '300px 0px' });
    io.observe(el);
    return () => io.disconnect();
  }, [onScroll, loaded]);
  useEffect(() => {
    // A keyboard reader who pressed the button lands in the frame.
    if (loaded && clicked.current) frame.current?.querySelector('iframe')?.focus();
  }, [loaded]);

  if (e.provider === 'x') {
    return (
      <figure className="embed embed--x">
        <p className="embed__post">{e.title}</p>
        <a className="embed__open" href={e.url}>View the post on X</a>
      </figure>
    );
  }
  const w = words[e.provider];
  return (
    <figure className={`embed embed--${e.provider}`}>
      <div className="embed__frame" ref={frame}>
        <svg className="embed__sizer" viewBox={`0 0 ${e.width ?? 16} ${e.height ?? 9}`} aria-hidden="true" />
        {loaded ? (
          <iframe
            src={e.src}
            title={e.title}
            allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
          />
        ) : (
          <div className="embed__placeholder">
            <p className="embed__title">{e.title}</p>
            {ready ? (
              <button
                type="button"
                className="button embed__load"
                aria-label={`${w.load}: ${e.title}`}
                onClick={() => {
                  clicked.current = true;
                  setLoaded(true);
                }}
              >
                {w.load}
              </button>
            ) : null}
            <p className="embed__from">Loads from {w.from}</p>
          </div>
        )}
      </div>
      <figcaption className="embed__caption">
        <a href={e.url}>{w.open}</a>
      </figcaption>
    </figure>
  );
}
