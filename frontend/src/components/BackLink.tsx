import { Link } from './Link';

export function BackLink({ label }: { label: string }) {
  return (
    <Link to="/" className="button button--back">
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}
