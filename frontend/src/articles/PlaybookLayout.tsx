import { Link } from '../components/Link';
import type { Site, Story } from '../types';
import { Body } from '../components/Body';
import { FeaturedImage } from '../components/FeaturedImage';
import { LocalDate } from '../components/LocalDate';
import { ShareButtons, useTitleOnLeave } from './parts';
import { BackLink } from '../components/BackLink';
import { RelatedStories } from '../components/RelatedStories';
import { Byline } from '../components/Byline';
import { Corrections, StatusMarker, StoryTags, Updated } from '../components/StoryNotes';

function Steps({ title, items }: { title: string; items?: string[] }) {
  if (!items?.length) return null;
  return (
    <div className="playbook__column">
      <h3>{title}</h3>
      <ol>
        {items.map((i) => (
          <li key={i}>{i}</li>
        ))}
      </ol>
    </div>
  );
}

// The summit solutions playbook: every part comes from the story's front matter.
export function PlaybookLayout({ story, site }: { story: Story; site: Site }) {
  useTitleOnLeave(site);
  const { extra } = story;
  return (
    <article className="article article--dedicated article--playbook" data-layout="playbook">
      <header className="playbook-hero">
        <div className="playbook-hero__inner">
          <BackLink label={story.backLabel} />
          <StatusMarker story={story} />
          {extra.heroKicker ? <p className="playbook-hero__kicker">{extra.heroKicker}</p> : null}
          <span className="badge">{story.category}</span>
          <h1 className="article__title">{story.heading || story.title}</h1>
          <p className="article__intro">{story.introduction}</p>
          <p className="article__meta">
            <Byline authors={story.authors} /> · <LocalDate iso={story.publishedAt} label={story.dateLabel} local={false} />
            {story.readTime ? (
              <>
                {' · '}
                <span className="article__read-time">{story.readTime}</span>
              </>
            ) : null}
          </p>
          <Updated story={story} />
        </div>
      </header>
      <FeaturedImage image={story.image} caption={story.imageCaption} />
      {extra.indicators?.length ? (
        <section className="indicators" aria-labelledby="indicators-title">
          <h2 id="indicators-title">Key Indicators</h2>
          <dl>
            {extra.indicators.map((i) => (
              <div key={i.label} className="indicators__item">
                <dt>{i.label}</dt>
                <dd className="indicators__value">{i.value}</dd>
                {i.note ? <dd className="indicators__note">{i.note}</dd> : null}
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <div className="article-body">
        <Body blocks={story.blocks} />
      </div>
      {extra.playbook ? (
        <section className="playbook" aria-labelledby="playbook-title">
          <h2 id="playbook-title">The Solutions Playbook</h2>
          <div className="playbook__grid">
            <Steps title="Immediate Actions" items={extra.playbook.immediate} />
            <Steps title="Medium-Term Strategy" items={extra.playbook.mediumTerm} />
            <Steps title="Implementation Framework" items={extra.playbook.implementation} />
          </div>
        </section>
      ) : null}
      {extra.investment ? (
        <section className="investment" aria-labelledby="investment-title">
          <h2 id="investment-title">{extra.investment.title}</h2>
          <ul>
            {extra.investment.points.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {extra.bottomLine ? (
        <section className="bottom-line" aria-labelledby="bottom-line-title">
          <h2 id="bottom-line-title">The Bottom Line</h2>
          <p>{extra.bottomLine}</p>
        </section>
      ) : null}
      <StoryTags story={story} />
      <Corrections story={story} />
      <ShareButtons story={story} />
      <div className="subscribe">
        <p>Get the next playbook and every Solution Spotlight as it is published.</p>
        <Link to="/" className="button">
          Subscribe to {site.magazine}
        </Link>
      </div>
      <RelatedStories cards={story.related} />
    </article>
  );
}
