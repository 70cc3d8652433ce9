import { Link } from './Link';
import type { Story } from '../types';
import { LocalDate } from './LocalDate';
import { Byline } from './Byline';
import { StatusMarker, Updated } from './StoryNotes';

// Badge, title, standfirst and byline. The story page shows the date in the
// reader's locale (refined after hydration); dedicated pages keep the US
// long form, identical on server and client.
export function ArticleHeader({ story, localDate = false, className = 'article__header' }: { story: Story; localDate?: boolean; className?: string }) {
  return (
    <header className={className}>
      <StatusMarker story={story} />
      <Link to={story.categoryHref} className="badge">
        {story.category}
      </Link>
      <h1 className="article__title">{story.heading || story.title}</h1>
      <p className="article__intro">{story.introduction}</p>
      <p className="article__meta">
        <Byline authors={story.authors} />
        <span aria-hidden="true"> · </span>
        <LocalDate iso={story.publishedAt} label={story.dateLabel} local={localDate} />
        {story.readTime ? (
          <>
            <span aria-hidden="true"> · </span>
            <span className="article__read-time">{story.readTime}</span>
          </>
        ) : null}
      </p>
      <Updated story={story} />
    </header>
  );
}
