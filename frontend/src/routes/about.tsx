import type { PageData } from '../types';
import { Landing } from '../landing/Landing';

export default function AboutRoute({ page }: { page: PageData }) {
  return <Landing site={page.site} />;
}
