import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The chart series' colours, as rich.css gives them: each must stand out
// from the page (3:1, WCAG 1.4.11; text in them 4.5:1, 1.4.3), and every two must stay apart for a
// reader with red-green colour blindness (Machado, Oliveira and Fernandes
// 2009, severity 1), measured as CIE76 ΔE in Lab.
const css = readFileSync(join(import.meta.dirname, 'rich.css'), 'utf8');
const series = [...css.matchAll(/\.chart__s(\d) \{ color: (#[0-9a-f]{6});/g)].map((m) => m[2]);
const texts = [...css.matchAll(/\.chart__t(\d) \{ fill: (#[0-9a-f]{6}); \}/g)].map((m) => m[2]);
const reference = /\.chart__ref \{ stroke: (#[0-9a-f]{6});/.exec(css)?.[1];
const paper = /--paper: (#[0-9a-f]{6});/.exec(readFileSync(join(import.meta.dirname, '..', 'styles.css'), 'utf8'))?.[1];

type RGB = [number, number, number];
const linear = (hex: string): RGB =>
  [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as RGB;
const luminance = ([r, g, b]: RGB) => 0.2126 * r + 0.7152 * g + 0.0722 * b;
const contrast = (hex: string, on: string) => (luminance(linear(on)) + 0.05) / (luminance(linear(hex)) + 0.05);

const vision: Record<string, number[][]> = {
  typical: [[1, 0, 0], [0, 1, 0], [0, 0, 1]],
  deuteranopia: [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413], [-0.01182, 0.04294, 0.968881]],
  protanopia: [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216], [-0.003882, -0.048116, 1.051998]],
};
function lab(hex: string, m: number[][]): RGB {
  const c = linear(hex);
  const [r, g, b] = m.map((row) => Math.min(1, Math.max(0, row[0] * c[0] + row[1] * c[1] + row[2] * c[2])));
  const f = (t: number) => (t > 0.008856 ? Math.cbrt(t) : 7.787 * t + 16 / 116);
  const x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047);
  const y = f(luminance([r, g, b]));
  const z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883);
  return [116 * y - 16, 500 * (x - y), 200 * (y - z)];
}

describe('chart colours', () => {
  it('are six, each 3:1 against the page, and text in them 4.5:1', () => {
    expect(series).toHaveLength(6);
    expect(texts).toHaveLength(6);
    for (const c of series) expect(contrast(c, paper!), c).toBeGreaterThanOrEqual(3);
    for (const c of [...texts, reference!]) expect(contrast(c, paper!), c).toBeGreaterThanOrEqual(4.5);
  });

  for (const [name, m] of Object.entries(vision)) {
    it(`stay apart in ${name}, the reference lines' grey too`, () => {
      const all = [...series, reference!];
      for (let i = 0; i < all.length; i++) {
        for (let j = i + 1; j < all.length; j++) {
          const [a, b] = [lab(all[i], m), lab(all[j], m)];
          expect(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]), `${all[i]} and ${all[j]}`).toBeGreaterThan(12);
        }
      }
    });
  }
});
