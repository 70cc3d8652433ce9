import { pageURL } from '../navigation';
import { type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { withBase } from '../sitepath';

// A real form: GET /search/?q=… works without JavaScript; with it, the search
// page opens client-side. The box is the browser's own (uncontrolled): a
// reader may type before the page hydrates, and the query is read from the
// form when it is sent, so what was typed then is what is searched.
// label names the box; landmark names the form, which a page with two
// search forms (the header's and its own) must tell apart.
export function SearchForm({ id, className = 'search-form', label = 'Search the magazine', landmark = 'Site search', onSearch }: { id: string; className?: string; label?: string; landmark?: string; onSearch?: () => void }) {
  const navigate = useNavigate();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const query = String(new FormData(form).get('q') ?? '').trim();
    onSearch?.();
    form.reset(); // the search page shows the query in its own box
    navigate(pageURL(query ? `/search?q=${encodeURIComponent(query)}` : '/search'));
  };
  return (
    <form role="search" aria-label={landmark} action={withBase('/search/')} method="get" className={className} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} type="search" name="q" placeholder="Search" />
      <button type="submit" className="search-form__button">
        Search
      </button>
    </form>
  );
}
