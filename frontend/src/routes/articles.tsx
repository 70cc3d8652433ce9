import type { PageData } from '../types';
import { ArticleLayout } from '../articles/ArticleLayout';
import { EnergyLayout } from '../articles/EnergyLayout';
import { StormLayout } from '../articles/StormLayout';
import { PlaybookLayout } from '../articles/PlaybookLayout';

// The dedicated article layouts, loaded together: they share most of their parts.
export const Article = ({ page }: { page: PageData }) => (page.kind === 'story' ? <ArticleLayout story={page.story} site={page.site} /> : null);
export const Energy = ({ page }: { page: PageData }) => (page.kind === 'story' ? <EnergyLayout story={page.story} site={page.site} /> : null);
export const Storm = ({ page }: { page: PageData }) => (page.kind === 'story' ? <StormLayout story={page.story} site={page.site} /> : null);
export const Playbook = ({ page }: { page: PageData }) => (page.kind === 'story' ? <PlaybookLayout story={page.story} site={page.site} /> : null);
