import { afterEach, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { setBasePath, srcsetWithBase, withBase, withoutBase } from './sitepath';

// The same cases as generator/content/site's TestBasePathSharedCases.
const vectors = JSON.parse(readFileSync('generator/content/site/testdata/basepath.json', 'utf8')) as {
  paths: [string, string, string][];
  srcsets: [string, string, string][];
};

describe('site paths below a base path', () => {
  afterEach(() => setBasePath(undefined));

  it('puts the base path before site paths only, as Go does', () => {
    expect(vectors.paths.length).toBeGreaterThan(5);
    for (const [base, path, want] of vectors.paths) expect(withBase(path, base), `${base} ${path}`).toBe(want);
    for (const [base, srcset, want] of vectors.srcsets) expect(srcsetWithBase(srcset, base), `${base} ${srcset}`).toBe(want);
  });

  it('uses the base path the page data gave', () => {
    expect(withBase('/about/')).toBe('/about/');
    setBasePath('/magazine');
    expect(withBase('/about/')).toBe('/magazine/about/');
    expect(srcsetWithBase('/a-480.webp 480w, /a-800.webp 800w')).toBe('/magazine/a-480.webp 480w, /magazine/a-800.webp 800w');
    expect(srcsetWithBase(undefined)).toBeUndefined();
  });

  it('reads the route from a location below the base path', () => {
    for (const [base, path, want] of vectors.paths) {
      if (path.startsWith('/') && !path.startsWith('//')) expect(withoutBase(want, base), want).toBe(path);
    }
    expect(withoutBase('/magazine', '/magazine')).toBe('/');
    expect(withoutBase('/magazine-review/', '/magazine')).toBe('/magazine-review/');
  });
});
