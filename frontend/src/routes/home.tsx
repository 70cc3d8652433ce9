import type { PageData } from '../types';
import { Home } from '../pages/Home';

export default function HomeRoute({ page }: { page: PageData }) {
  return page.kind === 'home' ? <Home page={page} /> : null;
}
