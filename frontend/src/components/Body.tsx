import type { ComponentType } from 'react';
import type { Block, Embed as EmbedData } from '../types';
import { visual } from './visuals';

// Renders the blocks the generator made from Markdown. Their HTML comes from
// goldmark and the generator, which never pass raw HTML, so it is safe to
// insert. Headings (with their anchor links), tables, charts, figures,
// notes, callouts and code arrive as whole elements. A block's html is only
// ever inserted whole: when the build prerenders a page, it holds a
// placeholder the generator replaces with the HTML (generator/render/worker/holes.go),
// and the page's own copy of its data leaves it out (worker.WithoutHTML):
// readpage.ts reads it back from the page.
export function Body({ blocks }: { blocks: Block[] }) {
  return (
    <>
      {blocks.map((b, i) => (
        <BlockView key={i} block={b} />
      ))}
    </>
  );
}

const tags = { p: 'p', ul: 'ul', ol: 'ol', quote: 'blockquote' } as const;

function BlockView({ block: b }: { block: Block }) {
  const html = { __html: b.html ?? '' };
  switch (b.type) {
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
    case 'embed': {
      // Loaded with the stories that have one (routes/lazy).
      const Embed = visual('embed') as ComponentType<{ embed: EmbedData }> | undefined;
      return Embed && b.embed ? <Embed embed={b.embed} /> : null;
    }
  }
  const Tag = tags[b.type as keyof typeof tags];
  return Tag ? <Tag dangerouslySetInnerHTML={html} /> : <div className={`rich rich--${b.type}`} dangerouslySetInnerHTML={html} />;
}
