// A site served below a path of its host (baseURL https://example.org/magazine/)
// names its pages and files below it: every site path the browser links to,
// shows or fetches gets the base path in front. The base path is the page
// data's site.basePath (absent at the root), computed by Go
// (site.Config.BasePath), whose site.WithBase applies the same rule;
// generator/content/site/testdata/basepath.json holds the cases both test.
// Routes stay site paths: the router gets the base path as its basename.

let current = '';

/** Sets the base path later calls use: the page's site.basePath. */
export function setBasePath(base: string | undefined): void {
  current = base ?? '';
}

/**
 * The address of a site path (one starting with a single "/") below the
 * base path; anything else (an absolute URL, //host/x, #fragment, ?query,
 * a relative path) as it is.
 */
export function withBase(path: string, base?: string): string;
export function withBase(path: string | undefined, base?: string): string | undefined;
export function withBase(path: string | undefined, base = current): string | undefined {
  if (!base || !path?.startsWith('/') || path.startsWith('//')) return path;
  return base + path;
}

/** withBase on each URL of an image candidate list ("/a-480.webp 480w, /a-800.webp 800w"). */
export function srcsetWithBase(srcset: string | undefined, base = current): string | undefined {
  return srcset && eachCandidate(srcset, (url) => withBase(url, base));
}

/** srcsetWithBase undone: each URL of a candidate list without the base path. */
export function srcsetWithoutBase(srcset: string, base = current): string {
  return eachCandidate(srcset, (url) => withoutBase(url, base));
}

// eachCandidate maps the start of each candidate ("/a-480.webp 480w"),
// keeping the white space before it; withBase and withoutBase change only
// a leading site path.
function eachCandidate(srcset: string, f: (candidate: string) => string): string {
  return srcset
    .split(',')
    .map((c) => {
      const lead = c.length - c.trimStart().length;
      return c.slice(0, lead) + f(c.slice(lead));
    })
    .join(',');
}

/** The site path a location's pathname shows: without the base path. */
export function withoutBase(pathname: string, base = current): string {
  if (!base) return pathname;
  if (pathname === base) return '/';
  return pathname.startsWith(base + '/') ? pathname.slice(base.length) : pathname;
}
