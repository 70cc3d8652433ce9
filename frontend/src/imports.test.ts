import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';

// The frontend's modules form no import circle: components never reach up
// into routes or pages (static and dynamic imports alike, tests aside).
const root = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sources(p);
    return /\.tsx?$/.test(e.name) && !/\.(test|bench)\.tsx?$|^setup-tests|^testing/.test(e.name) ? [p] : [];
  });
}

function resolveImport(from: string, spec: string, files: Set<string>): string | undefined {
  const base = resolve(dirname(from), spec);
  return [base, base + '.ts', base + '.tsx', join(base, 'index.ts')].find((f) => files.has(f));
}

it('has no import circles', () => {
  const files = new Set(sources(root));
  const edges = new Map<string, string[]>();
  for (const f of files) {
    // Type-only imports vanish from the built code: they close no circle.
    const code = readFileSync(f, 'utf8').replace(/^import type [^;]+;/gm, '');
    const specs = [...code.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) => m[1]);
    edges.set(f, specs.map((s) => resolveImport(f, s, files)).filter((x): x is string => !!x));
  }
  const circles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string) => {
    if (state.get(f) === 'done') return;
    if (state.get(f) === 'open') {
      circles.push(stack.slice(stack.indexOf(f)).concat(f).map((x) => relative(root, x)).join(' → '));
      return;
    }
    state.set(f, 'open');
    stack.push(f);
    for (const to of edges.get(f) ?? []) visit(to);
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of files) visit(f);
  expect(circles).toEqual([]);
});
