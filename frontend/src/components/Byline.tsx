import { Fragment } from 'react';
import { Link } from './Link';
import type { Link as Author } from '../types';

// "By A", "By A and B", "By A, B and C": each name links to its author page.
export function Byline({ authors }: { authors: Author[] }) {
  return (
    <span className="article__author">
      By{' '}
      {authors.map((a, i) => (
        <Fragment key={a.href}>
          {i === 0 ? null : i === authors.length - 1 ? ' and ' : ', '}
          <Link to={a.href}>{a.label}</Link>
        </Fragment>
      ))}
    </span>
  );
}
