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
  it.each([
    ['Energy & Environment', 'energy-environment'],
    ['Technology & Digital Transformation', 'technology-digital-transformation'],
    ['ESG & Sustainable Growth', 'esg-sustainable-growth'],
    ['Economic Policy', 'economic-policy'],
    ['  Policy / Reform  ', 'policy-reform'],
    ['Technology', 'technology'],
    ['R&D 2025', 'r-d-2025'],
    ['Ünïcode Café', 'ünïcode-café'],
    ['--', ''],
  ])('%j → %j (as generator/search.CategorySlug)', (name, want) => {
    expect(categorySlug(name)).toBe(want);
  });
});
