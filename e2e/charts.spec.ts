import { test, expect, hydrated } from './fixtures';

// The panel e2e/stories/chart-panel.md holds one chart of every shape an
// economics desk draws. At each width, this reads the box of every label
// and mark of each chart as Chromium lays it out, and fails on a label on
// another label, on a bar or a line, or cut off at the chart's edge; on a
// category left unnamed; on an uneven value axis. Time axes must tick on
// calendar boundaries.
const STORY = '/story/902/';
const WIDTHS = [320, 360, 390, 768, 1366];

// How each chart's categories must be named: all of them, or calendar ticks.
const TIME = new Set([
  'Five years of consumer price inflation',
  'GDP growth in six economies, with gaps where no figure was published',
  'Monthly change in merchandise exports, with a fall in February',
  'Farm output index with missing years',
  'Two series with very long names',
  'Fourteen months of the rupee against the dollar',
]);

type Box = { x: number; y: number; w: number; h: number };
type Text = Box & { text: string; group: string; cls: string };
type Measured = {
  title: string;
  kind: string;
  figure: Box;
  svg: Box;
  svgs: number;
  texts: Text[];
  rects: (Box & { cls: string })[];
  rules: Box[];
  points: { x: number; y: number }[];
  dots: { x: number; y: number }[];
  categories: string[];
  series: number;
  cells: number;
  legend: string[];
};

// Runs in the page: every chart's visible picture, measured.
function measure(): Measured[] {
  const box = (r: DOMRect) => ({ x: r.x, y: r.y, w: r.width, h: r.height });
  return [...document.querySelectorAll<HTMLElement>('figure.chart')].map((fig) => {
    const svgs = [...fig.querySelectorAll<SVGSVGElement>('svg.chart__svg')].filter((s) => getComputedStyle(s).display !== 'none');
    const svg = svgs[0];
    const texts = [...svg.querySelectorAll<SVGTextElement>('text')].map((t) => ({
      ...box(t.getBoundingClientRect()),
      text: [...t.childNodes].map((n) => n.textContent).join(' ').trim(),
      group: t.closest('g')?.getAttribute('class') ?? '',
      cls: t.getAttribute('class') ?? '',
    }));
    const rects = [...svg.querySelectorAll<SVGRectElement>('rect')]
      .filter((r) => /chart__s\d/.test(r.getAttribute('class') ?? ''))
      .map((r) => ({ ...box(r.getBoundingClientRect()), cls: r.getAttribute('class') ?? '' }));
    const rules = [...svg.querySelectorAll<SVGLineElement>('line.chart__zero, line.chart__ref')].map((l) => box(l.getBoundingClientRect()));
    const points: { x: number; y: number }[] = [];
    for (const path of svg.querySelectorAll<SVGPathElement>('path.chart__line')) {
      const m = path.getScreenCTM()!;
      const len = path.getTotalLength();
      for (let i = 0; i <= 600; i++) {
        const p = path.getPointAtLength((len * i) / 600);
        const s = new DOMPoint(p.x, p.y).matrixTransform(m);
        points.push({ x: s.x, y: s.y });
      }
    }
    const dots: { x: number; y: number }[] = [];
    for (const path of svg.querySelectorAll<SVGPathElement>('path.chart__dot')) {
      const m = path.getScreenCTM()!;
      for (const [, x, y] of (path.getAttribute('d') ?? '').matchAll(/M([\d.-]+) ([\d.-]+)/g)) {
        const s = new DOMPoint(Number(x), Number(y)).matrixTransform(m);
        dots.push({ x: s.x, y: s.y });
      }
    }
    const table = fig.querySelector('table')!;
    return {
      title: fig.querySelector('figcaption')!.textContent!,
      kind: [...fig.classList].find((c) => c.startsWith('chart--'))!.slice(7),
      figure: box(fig.getBoundingClientRect()),
      svg: box(svg.getBoundingClientRect()),
      svgs: svgs.length,
      texts,
      rects,
      rules,
      points,
      dots,
      categories: [...table.querySelectorAll('tbody th')].map((th) => th.textContent!),
      series: table.querySelectorAll('thead th').length - 1,
      cells: [...table.querySelectorAll('tbody td')].filter((td) => td.textContent !== '—').length,
      legend: [...fig.querySelectorAll('.chart__legend li')].map((li) => li.textContent!),
    };
  });
}

const overlap = (a: Box, b: Box, shrink = 1) =>
  Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) - 2 * shrink) *
  Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) - 2 * shrink);
const inside = (p: { x: number; y: number }, b: Box, margin = 1) =>
  p.x > b.x + margin && p.x < b.x + b.w - margin && p.y > b.y + margin && p.y < b.y + b.h - margin;
const number = (s: string) => Number(s.replace('−', '-').replace(/,/g, ''));

// Labels a desk abbreviates on a phone: months to three letters, fiscal
// years to FY26.
function abbreviations(label: string): string[] {
  const short = label
    .replace(/\b(\d{4})[-–](\d{2})\b/g, (_, y) => `FY${String((Number(y) + 1) % 100).padStart(2, '0')}`)
    .replace(/\b(January|February|March|April|June|July|August|September|October|November|December)\b/g, (m) => m.slice(0, 3));
  return [label, short];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
// A time tick's position in months (or years, or quarters), or NaN.
function calendar(label: string): { unit: string; t: number } {
  let m = label.match(/^(\d{4})$/);
  if (m) return { unit: 'year', t: Number(m[1]) };
  m = label.match(/^([A-Z][a-z]{2}) (\d{4})$/);
  if (m && MONTHS.includes(m[1])) return { unit: 'month', t: Number(m[2]) * 12 + MONTHS.indexOf(m[1]) };
  m = label.match(/^Q([1-4]) (\d{4})$/);
  if (m) return { unit: 'quarter', t: Number(m[2]) * 4 + Number(m[1]) - 1 };
  return { unit: '', t: NaN };
}

function problems(c: Measured): string[] {
  const out: string[] = [];
  const name = (t: Text) => `"${t.text}"`;
  if (c.svgs !== 1) out.push(`${c.svgs} pictures shown`);
  const labels = c.texts.filter((t) => t.w > 0);
  for (let i = 0; i < labels.length; i++) {
    const a = labels[i];
    for (const b of labels.slice(i + 1)) if (overlap(a, b) > 0) out.push(`${name(a)} overlaps ${name(b)}`);
    // (a glyph such as T may overhang its origin by a pixel)
    if (a.x < c.figure.x - 1.5 || a.x + a.w > c.figure.x + c.figure.w + 1.5 || a.y < c.svg.y - 1 || a.y + a.h > c.svg.y + c.svg.h + 1)
      out.push(`${name(a)} is cut off`);
    if (a.cls.includes('chart__in')) {
      const own = c.rects.filter((r) => overlap(a, r, 0) > 0);
      if (own.length !== 1 || !inside({ x: a.x, y: a.y }, own[0], -1) || !inside({ x: a.x + a.w, y: a.y + a.h }, own[0], -1))
        out.push(`${name(a)} is not inside its bar`);
    } else {
      for (const r of c.rects) if (overlap(a, r) > 0) out.push(`${name(a)} is over a bar`);
    }
    if (c.points.some((p) => inside(p, a, 2))) out.push(`${name(a)} is on a line`);
    // A zero or reference line has no width: grown to three pixels, it must
    // miss the label less the pixel a glyph may overhang.
    if (c.rules.some((r) => overlap(a, { x: r.x - 1.5, y: r.y - 1.5, w: r.w + 3, h: r.h + 3 }) > 0)) out.push(`${name(a)} is crossed by a zero or reference line`);
    if (c.dots.some((p) => overlap(a, { x: p.x - 3, y: p.y - 3, w: 6, h: 6 }, 0.5) > 0)) out.push(`${name(a)} is on a point`);
    if (/(^|\s)-\d/.test(a.text)) out.push(`${name(a)} has a hyphen for a minus sign`);
  }

  // The value axis: round, evenly spaced numbers at evenly spaced heights.
  const ticks = labels.filter((t) => t.group === 'chart__ticks').sort((a, b) => a.y - b.y); // top down
  if (c.kind !== 'bar' && ticks.length > 0) {
    const values = ticks.map((t) => number(t.text));
    const step = values[0] - values[1];
    const mantissa = step / 10 ** Math.floor(Math.log10(step) + 1e-9);
    if (![1, 2, 2.5, 5].some((m) => Math.abs(m - mantissa) < 1e-6)) out.push(`tick step ${step} is not 1, 2, 2.5 or 5 × 10^k`);
    for (let i = 1; i < ticks.length; i++) {
      if (Math.abs(values[i - 1] - values[i] - step) > step * 1e-6) out.push(`uneven ticks ${values.join(', ')}`);
      const gap = ticks[i].y - ticks[i - 1].y;
      if (Math.abs(gap - (ticks[1].y - ticks[0].y)) > 0.6) out.push(`ticks unevenly spaced on screen`);
    }
  }

  // Categories: every one named, or a time axis on calendar boundaries.
  const names = labels.filter((t) => t.group === 'chart__x').map((t) => t.text);
  if (TIME.has(c.title) && !names.every((n) => c.categories.includes(n))) {
    const cal = names.map(calendar);
    if (cal.some((x) => !x.unit || x.unit !== cal[0].unit)) out.push(`time axis labels ${names.join(' | ')} are not calendar boundaries`);
    const step = cal.length > 1 ? cal[1].t - cal[0].t : 1;
    if (cal.some((x, i) => i > 0 && x.t - cal[i - 1].t !== step)) out.push(`time axis labels ${names.join(' | ')} are unevenly spaced`);
    if (cal.some((x) => x.t % step !== 0)) out.push(`time axis labels ${names.join(' | ')} are off the calendar's boundaries`);
    if (cal.length < 2) out.push(`time axis has ${cal.length} labels`);
  } else if (!TIME.has(c.title)) {
    const missing = c.categories.filter((cat) => !abbreviations(cat).some((a) => names.includes(a)));
    if (missing.length > 0 || names.length !== c.categories.length) out.push(`unnamed categories: ${missing.join(', ')} (shown: ${names.join(' | ')})`);
  }

  // Direct labels: a value on every bar, a line's series named at its end,
  // and no legend for one series.
  const values = labels.filter((t) => t.group === 'chart__vals');
  if (c.kind === 'bar' && values.length !== c.cells) out.push(`${values.length} value labels for ${c.cells} bars`);
  const keys = c.legend.filter((l) => !/projected|assumed|estimate/i.test(l));
  if (c.series === 1 && keys.length > 0) out.push(`a legend for one series: ${keys.join(', ')}`);
  if (c.kind === 'line' && c.series >= 2 && c.series <= 4) {
    if (keys.length > 0) out.push('a legend where the lines could be named');
    if (labels.filter((t) => t.group === 'chart__ends' && !t.cls.includes('reflabel')).length !== c.series) out.push('a line is not named at its end');
  }
  return out.map((p) => `${c.title}: ${p}`);
}

for (const width of WIDTHS) {
  test(`every chart in the panel is clean at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(STORY);
    await hydrated(page);
    const charts = await page.evaluate(measure);
    expect(charts.length).toBe(18);
    expect(charts.flatMap(problems)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
}

test('the checks catch a label on a bar, a cut-off label and an unnamed category', async ({ page }) => {
  // The checks above must be able to fail: break a drawn chart three ways.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto(STORY);
  await hydrated(page);
  await page.evaluate(() => {
    const svg = [...document.querySelectorAll<SVGSVGElement>('figure.chart')[2].querySelectorAll<SVGSVGElement>('svg.chart__svg')].find((s) => getComputedStyle(s).display !== 'none')!;
    const vals = svg.querySelectorAll('.chart__vals text');
    vals[0].setAttribute('x', '10%'); // onto its bar
    vals[1].setAttribute('x', '100%');
    vals[1].setAttribute('dx', '300'); // off the edge
    svg.querySelector('.chart__x text')!.remove(); // a ministry unnamed
  });
  const found = (await page.evaluate(measure)).flatMap(problems).join('\n');
  expect(found).toMatch(/"6,81,210" is over a bar/);
  expect(found).toMatch(/"2,87,333" is cut off/);
  expect(found).toMatch(/unnamed categories: Ministry of Defence/);
});

test('a chart in Hindi is marked as Hindi, its added words as the page’s language', async ({ page }) => {
  await page.goto(STORY);
  const chart = page.locator('figure.chart', { has: page.locator('figcaption', { hasText: 'राज्यों में प्रति व्यक्ति आय' }) });
  await expect(chart.locator('figcaption')).toHaveAttribute('lang', 'hi');
  await expect(chart.locator('.chart__source span')).toHaveAttribute('lang', 'hi');
  await expect(chart.locator('table')).toHaveAttribute('lang', 'hi');
  // The rest of the page, "Source:" and the data table's summary included, is in English.
  expect(await chart.evaluate((f) => f.closest('[lang]')?.getAttribute('lang'))).toMatch(/^en\b/);
  await expect(chart.locator('summary')).toHaveText('Data table');
});
