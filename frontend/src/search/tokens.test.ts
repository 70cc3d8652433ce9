import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STOP_WORDS, categorySlug, parseQuery, tokens } from './tokens';
import { fixture } from './testdata';

describe('tokens', () => {
  it('uses the stop words the Go index was built with', () => {
    expect(STOP_WORDS).toEqual(fixture.stopWords);
  });

  it.each([
    ["The RBI's 5.5% repo rate", 'rbi repo rate'],
    ['GST, GST and gst', 'gst gst gst'],
    ['Make in India — ‘Atmanirbhar’ Bharat', 'make india atmanirbhar bharat'],
    ['IT and US exports', 'it us exports'],
    ['भारत की अर्थव्यवस्था', 'भारत की अर्थव्यवस्था'],
    ['2025-26 budget', '2025 26 budget'],
  ])('splits %j like the generator', (text, want) => {
    expect(tokens(text).join(' ')).toBe(want);
  });
});

describe('parseQuery', () => {
  it.each([
    ['', []],
    ['gst', [{ word: 'gst', prefix: true }]],
    ['gst ', [{ word: 'gst', prefix: false }]],
    ['GST refu', [{ word: 'gst', prefix: false }, { word: 'refu', prefix: true }]],
    ['the gst of', [{ word: 'gst', prefix: false }]],
    ['in', [{ word: 'in', prefix: true }]],
    ['r', [{ word: 'r', prefix: true }]],
    ['a rbi', [{ word: 'rbi', prefix: true }]],
    ['rbi.', [{ word: 'rbi', prefix: false }]],
  ])('%j', (q, want) => {
    expect(parseQuery(q)).toEqual(want);
  });
});

describe('categorySlug', () => {
  // The cases generator/plan/search's TestCategorySlug checks story.Slug against.
  const cases: [string, string][] = JSON.parse(
    readFileSync(join(import.meta.dirname, '../../../generator/plan/search/testdata/slugs.json'), 'utf8'),
  );
  it.each(cases)('%j → %j (as story.Slug in Go)', (name, want) => {
    expect(categorySlug(name)).toBe(want);
  });
});
