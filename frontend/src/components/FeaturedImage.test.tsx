import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FeaturedImage } from './FeaturedImage';
import { preload } from '../routes/lazy';
import type { Image } from '../types';
import { site, story } from '../testing';

const image: Image = { src: '/images/cover/101.jpg', width: 1200, height: 630, alt: 'India and ASEAN trade routes', custom: 'trade-partnership' };

describe('FeaturedImage', () => {
  it('draws a custom visual once the page that shows it is preloaded', async () => {
    await preload({ kind: 'story', path: '/story/101', site, story: story({ image }) });
    const { container } = render(<FeaturedImage image={image} />);
    expect(container.querySelector('svg[role="img"]')!.getAttribute('aria-label')).toBe('India and ASEAN trade routes');
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the picture for an ordinary image', () => {
    const { container } = render(<FeaturedImage image={{ ...image, custom: undefined }} />);
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/images/cover/101.jpg');
    expect(container.querySelector('svg')).toBeNull();
  });
});
