import type { PageData } from '../types';
import { Home } from './Home';
import { Landing } from '../landing/Landing';
import { Privacy } from './Privacy';
import { Portal } from './Portal';
import { StoryPage, StoryNotFound } from './StoryPage';
import { NotFound } from './NotFound';
import { Listing } from './Listing';
import { Thanks } from './Thanks';
import { SearchPage } from '../search/SearchPage';
import { ArticleLayout } from '../articles/ArticleLayout';
import { EnergyLayout } from '../articles/EnergyLayout';
import { StormLayout } from '../articles/StormLayout';
import { PlaybookLayout } from '../articles/PlaybookLayout';
import type { Site, Story } from '../types';

const layouts: Record<string, (p: { story: Story; site: Site }) => React.ReactElement> = {
  story: StoryPage,
  article: ArticleLayout,
  energy: EnergyLayout,
  storm: StormLayout,
  playbook: PlaybookLayout,
};

// Thin dispatch: the generator decided the kind of page; this only maps it.
export function Screen({ page, pathname }: { page: PageData; pathname: string }) {
  switch (page.kind) {
    case 'home':
      return <Home page={page} />;
    case 'about':
      return <Landing site={page.site} />;
    case 'privacy':
      return <Privacy site={page.site} />;
    case 'search':
      return <SearchPage categories={page.categories ?? []} />;
    case 'thanks':
      return <Thanks />;
    case 'listing':
      return <Listing list={page.list!} />;
    case 'portal':
      return <Portal site={page.site} />;
    case 'story': {
      if (!page.story) return <StoryNotFound />;
      const Layout = layouts[page.story.layout] ?? StoryPage;
      return <Layout story={page.story} site={page.site} />;
    }
  }
  // 404.html is served for every unknown path; under /story/ that means an unknown story id.
  return isStoryPath(pathname) ? <StoryNotFound /> : <NotFound />;
}

export function isStoryPath(pathname: string): boolean {
  return /^\/story(\/|$)/.test(pathname);
}
