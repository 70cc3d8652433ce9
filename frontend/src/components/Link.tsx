import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent, type ReactNode } from 'react';
import { useNavigate, type NavigateFunction } from 'react-router-dom';
import { pageURL } from '../navigation';
import { withBase } from '../sitepath';

type Anchor = AnchorHTMLAttributes<HTMLAnchorElement>;

// The attributes the magazine's links use, listed rather than spread: every
// link's props then have one shape, which keeps server rendering fast.
type Props = {
  to: string;
  children?: ReactNode;
  className?: string;
  rel?: string;
  target?: string;
  tabIndex?: number;
  onClick?: (e: MouseEvent<HTMLAnchorElement>) => void;
  'aria-current'?: Anchor['aria-current'];
  'aria-hidden'?: Anchor['aria-hidden'];
  'aria-label'?: string;
};

const NavigateContext = createContext<NavigateFunction | null>(null);

// Navigation gives the links below it the router's navigate function,
// made once per render of the page: useNavigate in every link serialised
// the route's matches for each of them (~10% of a story page's server
// render). Links outside it leave clicks to the browser.
export function Navigation({ children }: { children: ReactNode }) {
  return <NavigateContext.Provider value={useNavigate()}>{children}</NavigateContext.Provider>;
}

// Link is react-router's <Link> for the only links this magazine makes:
// absolute paths of the site, written with their trailing slash (pageURL),
// so "/about" links to /about/ (below the base path, /magazine/about/). It
// renders the same <a href> and navigates with the router (see Navigation,
// whose basename is the base path) on a plain left click, but does not
// resolve the path on every render, which made react-router's Link a fifth
// of a page's server render time.
export function Link(p: Props) {
  const navigate = useContext(NavigateContext);
  const to = pageURL(p.to);
  const href = withBase(to);
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    p.onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    if (!navigate || (p.target && p.target !== '_self')) return;
    e.preventDefault();
    const { pathname, search, hash } = window.location;
    navigate(to, { replace: pathname + search + hash === href });
  };
  return (
    <a
      href={href}
      className={p.className}
      rel={p.rel}
      target={p.target}
      tabIndex={p.tabIndex}
      aria-current={p['aria-current']}
      aria-hidden={p['aria-hidden']}
      aria-label={p['aria-label']}
      onClick={click}
    >
      {p.children}
    </a>
  );
}
