import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

type Props = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

// Link is react-router's <Link> for the only links this magazine makes:
// absolute paths of the site. It renders the same <a href> and navigates
// with the router on a plain left click, but does not resolve the path on
// every render, which made react-router's Link a fifth of a page's server
// render time.
export function Link({ to, onClick, ...rest }: Props) {
  const navigate = useNavigate();
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    if (rest.target && rest.target !== '_self') return;
    e.preventDefault();
    const { pathname, search, hash } = window.location;
    navigate(to, { replace: pathname + search + hash === to });
  };
  return <a {...rest} href={to} onClick={click} />;
}
