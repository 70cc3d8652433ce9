import type { PageData } from '../types';
import { SearchPage } from '../search/SearchPage';

export default function SearchRoute({ page }: { page: PageData }) {
  return <SearchPage categories={page.categories ?? []} />;
}
