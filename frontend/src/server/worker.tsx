// The render worker, run by the boot script of generator/render/worker once React
// is loaded: one JSON request per line on stdin. Each answer is a
// JSON header line, {"id","len"} then len bytes of HTML and a newline, or
// {"id","error"}: the HTML goes out as it is, with no JSON escaping to undo.
// stdout carries only the protocol, so console output goes to stderr.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from '../App';
import type { PageData } from '../types';
import { preloadAll } from '../routes/lazy';
import { setBasePath } from '../sitepath';

for (const level of ['log', 'info', 'warn', 'debug'] as const) {
  console[level] = (...args: unknown[]) => console.error(...args);
}

export function render(page: PageData): string {
  setBasePath(page.site.basePath);
  return renderToString(
    <StaticRouter location={page.path}>
      <App initial={page} />
    </StaticRouter>,
  );
}

// Every split-out screen is loaded before the first page is rendered.
// Requests are split at newlines by hand: readline's decoding and line
// matching cost more than parsing the requests. A request is ASCII (the
// generator escapes the rest, render.writeASCII), so it is read as Latin-1,
// a plain copy: read as UTF-8, a story's request took ~29 µs to decode
// where parsing it took ~44 µs. The answers to the requests of one chunk of
// input go out in one write.
preloadAll().then(() => {
  let pending: Buffer[] = [];
  process.stdin.on('data', (chunk: Buffer) => {
    const out: Buffer[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      const line = pending.length ? Buffer.concat([...pending, chunk.subarray(start, nl)]) : chunk.subarray(start, nl);
      pending = [];
      answer(line.toString('latin1'), out);
      start = nl + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
    if (out.length) process.stdout.write(Buffer.concat(out));
  });
  process.stdin.resume(); // the boot script paused it to hand over the input
  // Exit once every answer is out: a pipe that was full holds some back.
  process.stdin.on('end', () => process.stdout.write('', () => process.exit(0)));
});

const newline = Buffer.from('\n');

// answer renders one request and appends the answer to out. The page is
// encoded once, and its length read from the bytes.
function answer(line: string, out: Buffer[]) {
  let id = -1;
  try {
    const req = JSON.parse(line) as { id: number; data: PageData };
    id = req.id;
    const html = Buffer.from(render(req.data));
    out.push(Buffer.from(`{"id":${id},"len":${html.length}}\n`), html, newline);
  } catch (e) {
    const err = e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e);
    out.push(Buffer.from(JSON.stringify({ id, error: err }) + '\n'));
  }
}
