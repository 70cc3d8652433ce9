import type { PageData } from '../types';
import { Listing } from '../pages/Listing';

export default function ListingRoute({ page }: { page: PageData }) {
  return <Listing list={page.list!} />;
}
