// Package worker drives long-lived Node processes that run React's server
// renderer over the server bundle. A worker starts before the bundle exists,
// loading React meanwhile; its first input line names the bundle to run.
// Then Go sends one JSON line per route; each worker answers in order with a
// JSON header line ({"id","len"} or {"id","error"}) followed, on success, by
// len bytes of HTML and a newline. The blocks' HTML goes round the worker:
// a request holds a placeholder for it, which Go fills in (holes.go).
package worker

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"
)

// Job is one route to render.
type Job struct {
	Path string
	Data []byte // page data, compact JSON (as json.Marshal writes it)
}

type response struct {
	ID    int    `json:"id"`
	Len   int    `json:"len"`
	Error string `json:"error"`
}

// Pool is a set of Node worker processes, rendering for one Render call at
// a time.
type Pool struct {
	workers []*worker
}

type worker struct {
	cmd    *exec.Cmd
	in     io.WriteCloser
	bw     *bufio.Writer // on in, for the requests of one Render at a time
	out    *bufio.Reader
	stderr *tail
	quiet  chan struct{} // closed when stderr has been read to its end
}

// lastWords is the end of a stopped worker's stderr, once it is all read:
// the output of a crash may still be in the pipe when stdout ends.
func (w *worker) lastWords() string {
	select {
	case <-w.quiet:
	case <-time.After(2 * time.Second):
	}
	return w.stderr.String()
}

// boot is the script a worker starts with. Starting Node and loading React
// take about as long as bundling, so they happen meanwhile; then it runs the
// server bundle named on the first input line, whose own reader takes the
// rest of the input (handed back unread, the stream paused until then).
const boot = `for (const m of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server']) {
  try { require(m); } catch {}
}
const head = [];
function first(chunk) {
  const nl = chunk.indexOf(10);
  if (nl < 0) return void head.push(chunk);
  process.stdin.off('data', first);
  process.stdin.pause();
  if (nl + 1 < chunk.length) process.stdin.unshift(chunk.subarray(nl + 1));
  require(Buffer.concat([...head, chunk.subarray(0, nl)]).toString());
}
process.stdin.on('data', first);
`

// nodeFlags keep a worker's heap near what it holds, a page or two: V8
// grows the old generation by 20% past what a collection leaves (instead of
// up to 4×) and a semi-space to 8 MB (instead of 16). Neither caps the heap,
// so a page of a 1 MB story still renders. At 10,000 stories the worker
// peaked at ~120 MB instead of ~190 MB, the process tree at ~500 MB instead
// of ~565 MB, for no CPU time we could tell from the noise between runs.
var nodeFlags = []string{"--heap-growing-percent=20", "--max-semi-space-size=8"}

// Start launches n workers. They wait for Load; dir is where their boot
// script goes, a folder where node_modules resolves.
func Start(node, dir string, n int) (*Pool, error) {
	script := filepath.Join(dir, "render-boot.cjs")
	if err := os.WriteFile(script, []byte(boot), 0o644); err != nil {
		return nil, err
	}
	p := &Pool{}
	for range max(1, n) {
		cmd := exec.Command(node, slices.Concat(nodeFlags, []string{script})...)
		cmd.Env = workerEnv(os.Environ())
		in, err := cmd.StdinPipe()
		if err != nil {
			p.Close()
			return nil, err
		}
		out, err := cmd.StdoutPipe()
		if err != nil {
			p.Close()
			return nil, err
		}
		errOut, err := cmd.StderrPipe()
		if err != nil {
			p.Close()
			return nil, err
		}
		widen(in)
		widen(out)
		w := &worker{cmd: cmd, in: in, bw: bufio.NewWriterSize(in, 1<<16), out: bufio.NewReaderSize(out, 1<<16), stderr: &tail{}, quiet: make(chan struct{})}
		go func() {
			io.Copy(w.stderr, errOut)
			close(w.quiet)
		}()
		if err := cmd.Start(); err != nil {
			p.Close()
			return nil, fmt.Errorf("starting the render worker (%s): %w", node, err)
		}
		p.workers = append(p.workers, w)
	}
	return p, nil
}

// workerEnv is the environment a worker runs in: the build's, with
// NODE_ENV=production, by which the packages it requires pick their
// production builds. NODE_EXTRA_CA_CERTS goes: a worker makes no network
// requests, and Node parses that certificate file before it runs anything
// (~50 ms of each start with Debian's 140 certificates).
func workerEnv(env []string) []string {
	out := make([]string, 0, len(env)+1)
	for _, kv := range env {
		if !strings.HasPrefix(kv, "NODE_EXTRA_CA_CERTS=") && !strings.HasPrefix(kv, "NODE_ENV=") {
			out = append(out, kv)
		}
	}
	return append(out, "NODE_ENV=production")
}

// Load makes the workers run script, the server bundle (a CommonJS file
// beside the boot script).
func (p *Pool) Load(script string) error {
	script, err := filepath.Abs(script) // require() takes a bare name for a package
	if err != nil {
		return err
	}
	for _, w := range p.workers {
		if _, err := io.WriteString(w.in, script+"\n"); err != nil {
			return fmt.Errorf("starting the render worker: %v: %s", err, w.stderr.String())
		}
	}
	return nil
}

// Render renders every job, spreading them over the workers with each
// worker's requests pipelined. The result is in job order. progress, when
// not nil, is called from the workers' goroutines as pages complete.
func (p *Pool) Render(jobs []Job, progress func(done, total int)) ([]string, error) {
	var done atomic.Int64
	tick := func() {
		if progress != nil {
			progress(int(done.Add(1)), len(jobs))
		}
	}
	html := make([]string, len(jobs))
	errs := make([]error, len(p.workers))
	var wg sync.WaitGroup
	for wi, w := range p.workers {
		var mine []int
		for i := wi; i < len(jobs); i += len(p.workers) {
			mine = append(mine, i)
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[wi] = w.run(jobs, mine, html, tick)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return html, nil
}

func (w *worker) run(jobs []Job, mine []int, html []string, tick func()) error {
	writeErr := make(chan error, 1)
	cut := make(chan [][2]int, len(mine)) // each request's holes, for its answer
	go func() {
		// The worker's own writer, not one per call: magazine dev renders
		// a few pages at a time, and each new writer was 64 KB of garbage.
		bw := w.bw
		for _, i := range mine {
			spans := holes(jobs[i].Data)
			cut <- spans
			// Written by hand: json.Encoder would re-validate and compact
			// every page's data, which json.Marshal already made compact
			// (and so free of newlines).
			bw.WriteString(`{"id":` + strconv.Itoa(i) + `,"data":`)
			writeHollow(bw, jobs[i].Data, spans)
			if _, err := bw.WriteString("}\n"); err != nil {
				writeErr <- err
				return
			}
		}
		writeErr <- bw.Flush()
	}()
	var first error
	var answer []byte
	for _, i := range mine {
		// ReadBytes, not a Scanner: a page can exceed any fixed token size.
		line, err := w.out.ReadBytes('\n')
		if err != nil {
			first = fmt.Errorf("render %s: the render worker stopped: %s", jobs[i].Path, w.lastWords())
			break
		}
		var res response
		if err := json.Unmarshal(line, &res); err != nil {
			first = fmt.Errorf("render %s: unreadable worker answer: %v", jobs[i].Path, err)
			break
		}
		if res.ID != i {
			first = fmt.Errorf("render %s: worker answered request %d out of order", jobs[i].Path, res.ID)
			break
		}
		spans := <-cut // sent before the request the worker answered
		if res.Error != "" {
			if first == nil {
				first = fmt.Errorf("render %s: %s", jobs[i].Path, res.Error)
			}
			continue
		}
		var body []byte
		if len(spans) == 0 {
			body = make([]byte, res.Len+1) // the page itself
		} else {
			// Filled into a new buffer: the answer goes into one kept for the next.
			answer = slices.Grow(answer[:0], res.Len+1)
			body = answer[:res.Len+1]
		}
		if _, err := io.ReadFull(w.out, body); err != nil || body[res.Len] != '\n' {
			first = fmt.Errorf("render %s: the render worker stopped mid-page: %s", jobs[i].Path, w.lastWords())
			break
		}
		page, err := fill(body[:res.Len], jobs[i].Data, spans)
		if err != nil {
			if first == nil {
				first = fmt.Errorf("render %s: %v", jobs[i].Path, err)
			}
			continue
		}
		// The page's own buffer, not a copy: nothing writes to it again.
		html[i] = unsafe.String(unsafe.SliceData(page), len(page))
		tick()
	}
	if err := <-writeErr; err != nil && first == nil {
		first = fmt.Errorf("sending to the render worker: %v: %s", err, w.lastWords())
	}
	return first
}

// PeakMemory is the largest peak resident memory of the running workers, in
// bytes (from /proc; 0 where there is none).
func (p *Pool) PeakMemory() int64 {
	var peak int64
	if p == nil {
		return 0
	}
	for _, w := range p.workers {
		status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", w.cmd.Process.Pid))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(string(status), "\n") {
			if f := strings.Fields(line); len(f) == 3 && f[0] == "VmHWM:" {
				if kb, err := strconv.ParseInt(f[1], 10, 64); err == nil {
					peak = max(peak, kb<<10)
				}
			}
		}
	}
	return peak
}

// Close ends the workers: they exit when stdin closes. Closing twice is safe.
func (p *Pool) Close() error {
	var first error
	workers := p.workers
	p.workers = nil
	for _, w := range workers {
		w.in.Close()
		words := w.lastWords() // before Wait, which closes the pipe
		if err := w.cmd.Wait(); err != nil && first == nil {
			first = fmt.Errorf("render worker: %v: %s", err, words)
		}
	}
	return first
}

// tail keeps the end of a worker's stderr for error messages.
type tail struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(p)
	if t.buf.Len() > 8<<10 {
		b := t.buf.Bytes()[t.buf.Len()-4<<10:]
		t.buf.Reset()
		t.buf.Write(b)
	}
	return len(p), nil
}

func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := strings.TrimSpace(t.buf.String())
	if s == "" {
		return "(no output)"
	}
	return s
}
