import type { PageData } from '../types';
import { ArticleLayout } from '../articles/ArticleLayout';
import { EnergyLayout } from '../articles/EnergyLayout';
import { StormLayout } from '../articles/StormLayout';
import { PlaybookLayout } from '../articles/PlaybookLayout';

// The dedicated article layouts, loaded together: they share most of their parts.
export const Article = ({ page }: { page: PageData }) => <ArticleLayout story={page.story!} site={page.site} />;
export const Energy = ({ page }: { page: PageData }) => <EnergyLayout story={page.story!} site={page.site} />;
export const Storm = ({ page }: { page: PageData }) => <StormLayout story={page.story!} site={page.site} />;
export const Playbook = ({ page }: { page: PageData }) => <PlaybookLayout story={page.story!} site={page.site} />;
