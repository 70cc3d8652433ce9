import { Link } from '../components/Link';
import type { List } from '../types';
import { CardGrid } from '../components/StoryCard';
import { srcsetWithBase, withBase } from '../sitepath';

export function pagePath(base: string, n: number): string {
  return n <= 1 ? base : `${base}/page/${n}`;
}

// pageWindow is the page numbers a pagination shows: the first, the last and
// two either side of the current one, with 0 for each gap between (a gap
// of one page shows that page). Listing every page would put thousands of
// links on every page of a large archive.
export function pageWindow(page: number, pages: number): number[] {
  const near = (n: number) => n === 1 || n === pages || Math.abs(n - page) <= 2;
  const out: number[] = [];
  for (let n = 1; n <= pages; n++) {
    if (near(n) || (near(n - 1) && near(n + 1))) out.push(n);
    else if (out[out.length - 1] !== 0) out.push(0);
  }
  return out;
}

export function Pagination({ list }: { list: List }) {
  if (list.pages <= 1) return null;
  const pages = pageWindow(list.page, list.pages);
  return (
    <nav className="pagination" aria-label="Pages">
      {list.page > 1 ? (
        <Link to={pagePath(list.base, list.page - 1)} rel="prev" className="pagination__step">
          ← Newer
        </Link>
      ) : null}
      <ol>
        {pages.map((n, i) => (
          <li key={n || `gap${i}`}>
            {n === 0 ? (
              <span className="pagination__gap">…</span>
            ) : n === list.page ? (
              <span aria-current="page" className="pagination__current">
                {n}
              </span>
            ) : (
              <Link to={pagePath(list.base, n)} aria-label={`Page ${n}`}>
                {n}
              </Link>
            )}
          </li>
        ))}
      </ol>
      {list.page < list.pages ? (
        <Link to={pagePath(list.base, list.page + 1)} rel="next" className="pagination__step">
          Older →
        </Link>
      ) : null}
    </nav>
  );
}

const kicker: Record<List['kind'], string> = { archive: 'The archive', category: 'Category', author: 'Author', tag: 'Topic' };

// The archive, a category, an author or a tag: cards newest first, paginated.
export function Listing({ list }: { list: List }) {
  return (
    <div className="listing">
      <header className="listing__header">
        {list.photo?.src ? (
          <img className="listing__photo" src={withBase(list.photo.src)} srcSet={srcsetWithBase(list.photo.srcset)} sizes="120px" alt={list.photo.alt} width={list.photo.width} height={list.photo.height} />
        ) : null}
        <p className="home__kicker">{kicker[list.kind]}</p>
        <h1>{list.title}</h1>
        {list.role ? <p className="listing__role">{list.role}</p> : null}
        {list.description ? <p className="listing__description">{list.description}</p> : null}
        {list.links?.length ? (
          <ul className="listing__links">
            {list.links.map((l) => (
              <li key={l.href}>
                <a href={l.href} rel="me noopener">
                  {l.label}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {list.feed ? (
          <p className="listing__feed">
            <a href={withBase(list.feed)}>RSS feed</a>
          </p>
        ) : null}
        {list.pages > 1 ? (
          <p className="listing__page">
            Page {list.page} of {list.pages}
          </p>
        ) : null}
      </header>
      <CardGrid cards={list.cards} level={2} lead />
      <Pagination list={list} />
    </div>
  );
}
