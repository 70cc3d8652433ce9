import type { PageData } from '../types';
import { Privacy } from '../pages/Privacy';

export default function PrivacyRoute({ page }: { page: PageData }) {
  return <Privacy site={page.site} />;
}
