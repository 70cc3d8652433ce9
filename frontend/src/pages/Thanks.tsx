import { useEffect, useState } from 'react';
import { Link } from '../components/Link';

const forms: Record<string, string> = {
  newsletter: "You're on the list. The newsletter brings our latest stories and Solution Spotlights to your inbox.",
  editorial: "Your editorial inquiry reached us. We'll get back to you soon.",
  partnership: "Your partnership inquiry reached us. We'll get back to you soon.",
  launch: "We'll notify you when the portal launches.",
};

// Where a form posted without JavaScript lands. The query (?form=&error=1)
// is read after hydration, so the prerendered page stays the same for all.
export function Thanks() {
  const [state, setState] = useState<{ form: string; failed: boolean } | null>(null);
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    setState({ form: q.get('form') ?? '', failed: q.get('error') === '1' });
  }, []);
  const failed = state?.failed;
  return (
    <section className="notice">
      <h1>{failed ? 'Something Went Wrong' : 'Thank You!'}</h1>
      <p role="status">
        {failed
          ? 'Sorry, there was an error sending your submission. Please check the address you entered and try again.'
          : (state && forms[state.form]) || 'Your submission has been sent successfully.'}
      </p>
      <div className="notice__actions">
        <Link to="/" className="button">Back to the magazine</Link>
        {failed ? (
          <Link to="/about#newsletter" className="button button--ghost-dark">Try again</Link>
        ) : null}
      </div>
    </section>
  );
}
