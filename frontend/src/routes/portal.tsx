import type { PageData } from '../types';
import { Portal } from '../pages/Portal';

export default function PortalRoute({ page }: { page: PageData }) {
  return <Portal site={page.site} />;
}
