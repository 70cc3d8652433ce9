import type { Block } from '../types';

// Renders the blocks the generator made from Markdown. Inline HTML comes from
// goldmark with raw HTML omitted, so it is safe to insert.
export function Body({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((b, i) => (
        <BlockView key={i} block={b} />
      ))}
    </>
  );
}

function BlockView({ block: b }: { block: Block }) {
  const html = { __html: b.html ?? '' };
  switch (b.type) {
    case 'h2':
      return <h2 className="article-body__subheading" dangerouslySetInnerHTML={html} />;
    case 'h3':
      return <h3 dangerouslySetInnerHTML={html} />;
    case 'ul':
      return <ul dangerouslySetInnerHTML={html} />;
    case 'ol':
      return <ol dangerouslySetInnerHTML={html} />;
    case 'quote':
      return <blockquote dangerouslySetInnerHTML={html} />;
    case 'hr':
      return <hr />;
    case 'spotlight':
      return (
        <section className="spotlight" aria-labelledby={`spotlight-title`}>
          <h2 className="spotlight__title" id="spotlight-title">
            <span aria-hidden="true" className="spotlight__icon">✦</span> Solution Spotlight
          </h2>
          <Body blocks={b.children ?? []} />
        </section>
      );
  }
  return <p dangerouslySetInnerHTML={html} />;
}
