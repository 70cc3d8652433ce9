// The render worker, run by the boot script of generator/render once React
// is loaded: one JSON request per line on stdin. Each answer is a
// JSON header line, {"id","len"} then len bytes of HTML and a newline, or
// {"id","error"}: the HTML goes out as it is, with no JSON escaping to undo.
// stdout carries only the protocol, so console output goes to stderr.
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { App } from '../App';
import type { PageData } from '../types';
import { preloadAll } from '../routes/lazy';

for (const level of ['log', 'info', 'warn', 'debug'] as const) {
  console[level] = (...args: unknown[]) => console.error(...args);
}

export function render(page: PageData): string {
  return renderToString(
    <StaticRouter location={page.path}>
      <App initial={page} />
    </StaticRouter>,
  );
}

// Every split-out screen is loaded before the first page is rendered.
// Requests are split at newlines by hand: readline's decoding and line
// matching cost more than parsing the requests.
preloadAll().then(() => {
  let pending: Buffer[] = [];
  process.stdin.on('data', (chunk: Buffer) => {
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      const line = pending.length ? Buffer.concat([...pending, chunk.subarray(start, nl)]) : chunk.subarray(start, nl);
      pending = [];
      answer(line.toString('utf8'));
      start = nl + 1;
    }
    if (start < chunk.length) pending.push(chunk.subarray(start));
  });
  process.stdin.resume(); // the boot script paused it to hand over the input
  // Exit once every answer is out: a pipe that was full holds some back.
  process.stdin.on('end', () => process.stdout.write('', () => process.exit(0)));
});

function answer(line: string) {
  let id = -1;
  try {
    const req = JSON.parse(line) as { id: number; data: PageData };
    id = req.id;
    const html = render(req.data);
    process.stdout.write(JSON.stringify({ id, len: Buffer.byteLength(html) }) + '\n' + html + '\n');
  } catch (e) {
    const err = e instanceof Error ? `${e.message}\n${e.stack ?? ''}` : String(e);
    process.stdout.write(JSON.stringify({ id, error: err }) + '\n');
  }
}
