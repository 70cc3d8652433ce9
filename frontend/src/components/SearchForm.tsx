import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';

// A real form: GET /search?q=… works without JavaScript; with it, the search
// page opens client-side.
export function SearchForm({ id, className = 'search-form', label = 'Search the magazine', onSearch }: { id: string; className?: string; label?: string; onSearch?: () => void }) {
  const navigate = useNavigate();
  const [q, setQ] = useState('');
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const query = q.trim();
    onSearch?.();
    setQ(''); // the search page shows the query in its own box
    navigate(query ? `/search?q=${encodeURIComponent(query)}` : '/search');
  };
  return (
    <form role="search" action="/search" method="get" className={className} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input id={id} type="search" name="q" placeholder="Search" value={q} onChange={(e) => setQ(e.target.value)} />
      <button type="submit" className="search-form__button">
        Search
      </button>
    </form>
  );
}
