// A search page's first script, a bundle of its own that the page's head
// preloads with the index: it shows the results for ?q= as soon as the
// index has arrived, without waiting for React (80 KiB more on a slow
// connection). The entry loads after the first paint as on every page, and
// the search screen adopts what was drawn here (handoff.ts).
import { handoff } from './handoff';
import { drawResults } from './draw';
import { loadIndex } from './searchIndex';
import { setBasePath, withBase } from '../sitepath';
import type { PageData } from '../types';

const h = handoff();
const text = new URLSearchParams(location.search).get('q') ?? '';
// The site's base path, from the page data (the entry reads the rest).
setBasePath((JSON.parse(document.getElementById('page-data')!.textContent!) as PageData).site.basePath);
const index = loadIndex(withBase('/search/'));
h.index = index;
// The boot script waits for this before it loads the entry (for at most a
// few seconds): the results are the page's main content, and the entry
// should not share the connection with them.
export default index.then(
  (idx) => {
    if (!h.hydrating && drawResults(document, idx, text)) h.shown = { query: text, index: idx };
  },
  () => {}, // the search screen reports it when it takes the index
);
