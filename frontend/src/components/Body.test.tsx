import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { Body } from './Body';
import { restoreHTML } from '../readpage';
import { preload } from '../routes/lazy';
import type { Block } from '../types';
import { site, story } from '../testing';

// Blocks as generator/content/markdown makes them (see its testdata/*.golden).
const blocks: Block[] = [
  { type: 'p', html: 'CPI fell.<sup class="fn-ref"><a id="fnref-1" href="#fn-1" aria-label="Note 1">1</a></sup>' },
  { type: 'h2', html: '<h2 id="why-it-matters" class="article-body__subheading">Why It Matters</h2><a class="anchor" href="#why-it-matters" aria-label="Link to this section: Why It Matters">#</a>' },
  { type: 'table', html: '<div class="table-scroll" role="region" tabindex="0" aria-labelledby="table-1"><table class="table"><caption id="table-1">GDP</caption><thead><tr><th scope="col">Measure</th><th scope="col" class="num">2025</th></tr></thead><tbody><tr><td>Real GDP</td><td class="num">₹1,23,456</td></tr></tbody></table></div>' },
  { type: 'chart', html: '<figure class="chart chart--line"><figcaption class="chart__title">CPI</figcaption><svg class="chart__svg" width="100%" height="300" role="img" aria-labelledby="chart-1-t"><title id="chart-1-t">CPI</title></svg><p class="chart__source">Source: NSO</p><details class="chart__data"><summary>Data table</summary><table class="table"><tbody><tr><th scope="row">Jul</th><td class="num">1.55</td></tr></tbody></table></details></figure>' },
  { type: 'code', html: '<pre class="code" tabindex="0"><code>a &lt; b\n</code></pre>' },
  { type: 'ul', html: '<li>one</li>' },
  { type: 'quote', html: '<p>Quoted.</p>' },
  { type: 'notes', html: '<section class="notes" aria-labelledby="notes"><h2 class="notes__title" id="notes">Notes</h2><ol class="notes__list"><li id="fn-1"><p>NSO. <a class="fn-back" href="#fnref-1" aria-label="Back to the text of note 1">↩</a></p></li></ol></section>' },
];

describe('Body', () => {
  it('renders each rich block whole, keeping the heading\'s name its text', () => {
    render(<Body blocks={blocks} />);
    expect(screen.getByRole('heading', { name: 'Why It Matters', level: 2 }).id).toBe('why-it-matters');
    expect(screen.getByRole('link', { name: 'Link to this section: Why It Matters' }).getAttribute('href')).toBe('#why-it-matters');
    expect(screen.getByRole('region', { name: 'GDP' }).querySelector('td.num')!.textContent).toBe('₹1,23,456');
    expect(screen.getByRole('img', { name: 'CPI' })).toBeTruthy();
    expect(screen.getByText('Data table').closest('details')).toBeTruthy();
    expect(screen.getByText('a < b').closest('pre')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Note 1' }).getAttribute('href')).toBe('#fn-1');
    expect(screen.getByRole('link', { name: 'Back to the text of note 1' }).getAttribute('href')).toBe('#fnref-1');
    expect(document.querySelector('ul > li')!.textContent).toBe('one');
    expect(document.querySelector('blockquote > p')!.textContent).toBe('Quoted.');
  });

  it('hydrates its own server markup without a mismatch (a code block once broke this)', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Body blocks={blocks} />);
    expect(container.querySelector('p pre')).toBeNull();
    document.body.appendChild(container);
    const errors: unknown[] = [];
    // Development React reports some mismatches only on the console.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, <Body blocks={blocks} />, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
    container.remove();
  });

  it('shows an embed once the story that has one is preloaded', async () => {
    const embed: Block = { type: 'embed', embed: { provider: 'x', url: 'https://x.com/RBI/status/1', title: 'Post by @RBI on X' } };
    await preload({ kind: 'story', path: '/story/5', site, story: story({ blocks: [embed], embeds: true }) });
    render(<Body blocks={[embed]} />);
    expect(screen.getByRole('link', { name: 'View the post on X' }).getAttribute('href')).toBe('https://x.com/RBI/status/1');
  });

  it('reads back from the page the html its inline data leaves out, and hydrates onto it unchanged', async () => {
    const embed: Block = { type: 'embed', embed: { provider: 'x', url: 'https://x.com/RBI/status/1', title: 'Post by @RBI on X' } };
    await preload({ kind: 'story', path: '/story/5', site, story: story({ blocks: [embed], embeds: true }) });
    const all: Block[] = [
      ...blocks.slice(0, 3),
      { type: 'hr' },
      embed,
      { type: 'spotlight', title: 'Solution Spotlight:', children: [{ type: 'p', html: 'Act <em>now</em>.' }, { type: 'ul', html: '<li>a</li><li>b</li>' }] },
      ...blocks.slice(3),
    ];
    const container = document.createElement('div');
    container.className = 'article-body';
    container.innerHTML = renderToString(<Body blocks={all} />);
    const before = container.innerHTML;
    // The page's data as the generator writes it inline: no block keeps its html.
    const inline: Block[] = JSON.parse(JSON.stringify(all, (k, v) => (k === 'html' ? undefined : v)));
    restoreHTML(inline, container);
    expect(inline).toEqual(all);
    document.body.appendChild(container);
    const errors: unknown[] = [];
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    await act(async () => {
      hydrateRoot(container, <Body blocks={inline} />, { onRecoverableError: (e) => errors.push(e) });
    });
    expect(errors).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(before);
    container.remove();
  });
});
