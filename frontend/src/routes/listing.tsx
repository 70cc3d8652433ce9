import type { PageData } from '../types';
import { Listing } from '../pages/Listing';

export default function ListingRoute({ page }: { page: PageData }) {
  return page.kind === 'listing' ? <Listing list={page.list} /> : null;
}
