import type { PageData } from '../types';
import { SearchPage } from '../search/SearchPage';

export default function SearchRoute({ page }: { page: PageData }) {
  return page.kind === 'search' ? <SearchPage categories={page.categories} /> : null;
}
