import type { Image } from '../types';
import { TradePartnership } from './TradePartnership';

// The picture at the top of a page: the main image, so it loads first.
export function FeaturedImage({ image, caption, overlay, eager = true }: { image: Image; caption?: string; overlay?: boolean; eager?: boolean }) {
  const picture =
    image.custom === 'trade-partnership' ? (
      <TradePartnership title={image.alt} />
    ) : (
      <img
        src={image.src}
        srcSet={image.srcset}
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
