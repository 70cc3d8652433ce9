import type { Image } from '../types';
import { visual } from './visuals';
import { srcsetWithBase, withBase } from '../sitepath';

// The picture at the top of a page: the main image, so it loads first.
export function FeaturedImage({ image, caption, overlay, eager = true }: { image: Image; caption?: string; overlay?: boolean; eager?: boolean }) {
  // A custom visual is loaded with the page that shows it (routes/lazy).
  const Custom = image.custom ? visual(image.custom) : undefined;
  const picture = Custom ? (
    <Custom title={image.alt} />
  ) : (
      <img
        src={withBase(image.src)}
        srcSet={srcsetWithBase(image.srcset)}
        sizes={image.srcset ? '(min-width: 50rem) 760px, 100vw' : undefined}
        alt={image.alt}
        width={image.width}
        height={image.height}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
      />
    );
  return (
    <figure className={`featured-image${overlay ? ' featured-image--overlay' : ''}`}>
      <div className="featured-image__frame">
        {picture}
        {overlay && caption ? <figcaption className="featured-image__overlay-caption">{caption}</figcaption> : null}
      </div>
      {!overlay && caption ? <figcaption className="featured-image__caption">{caption}</figcaption> : null}
    </figure>
  );
}
