import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../components/Link';
import { formatLocal } from '../components/dates';
import { PAGE_SIZE, resultsStatus } from './draw';
import { forgetShown, shownResults, takeIndex } from './handoff';
import { Highlight } from './highlight';
import { search } from './rank';
import { loadIndex, type Index } from './searchIndex';
import { categorySlug, parseQuery } from './tokens';
import { withBase } from '../sitepath';

export interface SearchPageProps {
  /** Categories to suggest when there is nothing to show; each links to /category/<slug>. */
  categories: string[];
  /** The query before the URL is read (the server renders without one). */
  initialQuery?: string;
  /** Where the index lives; the generator writes it to /search/. */
  indexBase?: string;
}

export { PAGE_SIZE };

/**
 * How long typing must pause before the URL follows it. Results never wait;
 * only the history entry does: Safari refuses more than 100 history updates
 * in 30 seconds, which a fast typist would otherwise reach.
 */
export const URL_DELAY_MS = 300;

type Load = { state: 'loading' } | { state: 'ready'; index: Index } | { state: 'error' };

/**
 * The search page. The index is fetched when this page mounts, never before
 * (on a search page's own first load, by its first script: first.ts).
 * The query lives in ?q=: typing replaces the current history entry, and
 * submitting (Enter) keeps it, so the next search gets an entry of its own
 * and back/forward move between submitted searches.
 */
export function SearchPage({ categories, initialQuery, indexBase = '/search/' }: SearchPageProps) {
  const [params, setParams] = useSearchParams();
  const urlQuery = params.get('q');
  // The first client render matches the page as it is: as the server
  // rendered it (the prop; the URL's query arrives in the effect below), or
  // with the results the page's first script drew (first.ts).
  const [shown] = useState(() => (indexBase === '/search/' ? shownResults() : undefined));
  const [text, setText] = useState(shown?.query ?? initialQuery ?? '');
  const written = useRef<string | null>(shown ? urlQuery : null); // the q this page last put in the URL
  const pushNext = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [load, setLoad] = useState<Load>(shown ? { state: 'ready', index: shown.index } : { state: 'loading' });
  const [visible, setVisible] = useState(PAGE_SIZE);
  const ids = useId();

  useEffect(() => {
    if (shown) {
      forgetShown(); // a later visit to this screen starts afresh
      return;
    }
    let cancelled = false;
    setLoad({ state: 'loading' });
    ((indexBase === '/search/' && takeIndex()) || loadIndex(withBase(indexBase))).then(
      (index) => !cancelled && setLoad({ state: 'ready', index }),
      () => !cancelled && setLoad({ state: 'error' }),
    );
    return () => {
      cancelled = true;
    };
  }, [indexBase, shown]);

  // The URL changed by other means than typing here: first load with ?q=,
  // back or forward. Our own writes come back equal to `written` and are skipped.
  useEffect(() => {
    if (urlQuery === written.current) return;
    written.current = urlQuery;
    clearTimeout(timer.current);
    setText(urlQuery ?? '');
    setVisible(PAGE_SIZE);
  }, [urlQuery]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const writeURL = (value: string) => {
    clearTimeout(timer.current);
    const q = value === '' ? null : value;
    if (q === written.current) return;
    written.current = q;
    const replace = !pushNext.current;
    pushNext.current = false;
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (q === null) next.delete('q');
        else next.set('q', q);
        return next;
      },
      { replace, preventScrollReset: true },
    );
  };

  const onChange = (value: string) => {
    setText(value);
    setVisible(PAGE_SIZE);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => writeURL(value), URL_DELAY_MS);
  };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    writeURL(text);
    // This search is kept: the next one typed starts a new history entry.
    pushNext.current = true;
  };

  const index = load.state === 'ready' ? load.index : undefined;
  const results = useMemo(() => (index ? search(index, text) : []), [index, text]);
  const terms = useMemo(() => parseQuery(text), [text]);
  const query = text.trim();
  const statusId = `${ids}-status`;

  let status: string;
  if (load.state === 'error') status = 'Search is unavailable right now. Please try again later.';
  else if (load.state === 'loading') status = query ? 'Loading the search index…' : '';
  else if (!query) status = '';
  else status = resultsStatus(results.length, query);

  const suggest = load.state === 'error' || !query || (load.state === 'ready' && results.length === 0);

  return (
    <section className="search-page" aria-labelledby={`${ids}-title`} aria-busy={load.state === 'loading'}>
      <h1 id={`${ids}-title`}>Search</h1>
      <form role="search" aria-label="Search page" className="search-page__form" action={withBase('/search/')} method="get" onSubmit={onSubmit}>
        <label htmlFor={`${ids}-q`}>Search stories</label>
        <input
          id={`${ids}-q`}
          type="search"
          name="q"
          value={text}
          onChange={(e) => onChange(e.target.value)}
          autoComplete="off"
          enterKeyHint="search"
          spellCheck={false}
          aria-describedby={statusId}
          aria-controls={results.length > 0 ? `${ids}-results` : undefined}
        />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <noscript>
        <p className="search-page__status">
          Search runs in your browser and needs JavaScript, which is off. Browse the stories by category below, or
          read them all in the <a href={withBase('/stories/')}>archive</a>.
        </p>
      </noscript>

      <p id={statusId} className="search-page__status" role="status">
        {status}
      </p>

      {results.length > 0 && (
        <ol id={`${ids}-results`} className="search-results">
          {results.slice(0, visible).map(({ doc }) => (
            <li key={doc.id} className="search-result">
              <h2 className="search-result__title">
                <Link to={doc.path}>
                  <Highlight text={doc.title} terms={terms} />
                </Link>
              </h2>
              <p className="search-result__snippet">
                <Highlight text={doc.introduction} terms={terms} />
              </p>
              <p className="search-result__meta">
                <span className="badge badge--small">{doc.category}</span>{' '}
                <time dateTime={doc.date}>{formatLocal(doc.date)}</time>
              </p>
            </li>
          ))}
        </ol>
      )}
      {results.length > visible && (
        <p className="search-page__more">
          <button type="button" className="button button--ghost-dark" onClick={() => setVisible((n) => n + PAGE_SIZE)}>
            Show more results
          </button>
        </p>
      )}

      {suggest && categories.length > 0 && (
        <nav className="search-page__suggest" aria-labelledby={`${ids}-suggest`}>
          <h2 id={`${ids}-suggest`}>
            {query && load.state === 'ready' ? 'No stories match. Try a category instead:' : 'Browse by category'}
          </h2>
          <ul>
            {categories.map((c) => (
              <li key={c}>
                <Link to={`/category/${categorySlug(c)}`}>{c}</Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
