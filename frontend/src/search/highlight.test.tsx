import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlight, highlight } from './highlight';
import { parseQuery } from './tokens';

describe('highlight', () => {
  it('marks whole words, whatever their case', () => {
    expect(highlight('GST and the gst council; gsts', ['gst'])).toEqual([
      { text: 'GST', mark: true },
      { text: ' and the ', mark: false },
      { text: 'gst', mark: true },
      { text: ' council; gsts', mark: false },
    ]);
  });

  it('marks the typed part of a word for the prefix term', () => {
    expect(highlight('Semiconductor independence', parseQuery('semi'))).toEqual([
      { text: 'Semi', mark: true },
      { text: 'conductor independence', mark: false },
    ]);
  });

  it('marks every term, not inside other words', () => {
    const segs = highlight('RBI holds the repo rate; a repository of rbi data', parseQuery('rbi repo '));
    expect(segs.filter((s) => s.mark).map((s) => s.text)).toEqual(['RBI', 'repo', 'rbi']);
    expect(segs.map((s) => s.text).join('')).toBe('RBI holds the repo rate; a repository of rbi data');
  });

  it('marks a word joined by an ampersand as the search found it', () => {
    const segs = highlight('S&P upgrades; M&A and S & P', parseQuery('s&p m&a'));
    expect(segs.filter((s) => s.mark).map((s) => s.text)).toEqual(['S&P', 'M&A']);
  });

  it('returns the text unmarked when nothing matches', () => {
    expect(highlight('Green hydrogen', parseQuery('solar'))).toEqual([{ text: 'Green hydrogen', mark: false }]);
    expect(highlight('', ['x'])).toEqual([]);
  });

  it('renders matches in <mark>', () => {
    const { container } = render(
      <p>
        <Highlight text="Making GST work" terms={parseQuery('gst')} />
      </p>,
    );
    expect(container.innerHTML).toBe('<p>Making <mark>GST</mark> work</p>');
  });
});
