import { Link } from '../components/Link';

export function NotFound() {
  return (
    <section className="notice">
      <h1>404 Page Not Found</h1>
      <p>The page you're looking for doesn't exist.</p>
      <Link to="/" className="button">Return to Home Page</Link>
    </section>
  );
}
