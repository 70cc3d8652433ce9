package serve

import (
	"bufio"
	"bytes"
	"net"
	"net/http"
	"net/url"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// fastServer answers the commonest request of a static site — GET or HEAD
// of one of its files over a keep-alive HTTP/1.1 connection, with no body,
// range or condition — from bytes prepared once, with one read and one
// write. net/http's general machinery costs about twice nginx's time per
// such request; this makes `magazine serve` answer pages as fast as nginx.
// Every other request (forms, redirects, 404s, conditional and range
// requests, HTTP/1.0, anything unusual or malformed) is handed over, with
// its connection and the bytes read so far, to net/http, which then keeps
// that connection.
type fastServer struct {
	h      http.Handler
	lim    Limits
	slow   *connListener // connections for net/http
	mu     sync.Mutex
	conns  map[net.Conn]bool // connections held here, not yet handed over
	closed atomic.Bool
}

const maxFastHeader = 4096

// fastAnswers counts the requests the fast path answered (for tests).
var fastAnswers atomic.Int64 // a request whose headers fill this goes to net/http

func newFastServer(h http.Handler, lim Limits, addr net.Addr) *fastServer {
	return &fastServer{h: h, lim: lim, conns: map[net.Conn]bool{},
		slow: &connListener{addr: addr, conns: make(chan net.Conn), done: make(chan struct{})}}
}

// serve accepts connections from ln until it is closed, at most
// lim.MaxConns at once: more wait to be accepted. (netutil.LimitListener
// would wrap each connection and cost the fast path its writev.)
func (fs *fastServer) serve(ln net.Listener) error {
	var slots chan struct{}
	if fs.lim.MaxConns > 0 {
		slots = make(chan struct{}, fs.lim.MaxConns)
	}
	for {
		if slots != nil {
			slots <- struct{}{}
		}
		c, err := ln.Accept()
		if err != nil {
			return err
		}
		fs.mu.Lock()
		fs.conns[c] = true
		fs.mu.Unlock()
		release := func() {}
		if slots != nil {
			var once sync.Once
			release = func() { once.Do(func() { <-slots }) }
		}
		go fs.conn(c, release)
	}
}

// shutdown closes the connections waiting for a request here; those
// answering one close once it is sent.
func (fs *fastServer) shutdown() {
	fs.closed.Store(true)
	fs.mu.Lock()
	for c := range fs.conns {
		c.SetReadDeadline(time.Now())
	}
	fs.mu.Unlock()
}

func (fs *fastServer) forget(c net.Conn) {
	fs.mu.Lock()
	delete(fs.conns, c)
	fs.mu.Unlock()
}

// conn answers requests on c while they are simple, then hands c over.
// release frees c's place among MaxConns once c is closed.
func (fs *fastServer) conn(c net.Conn, release func()) {
	end := func() {
		fs.forget(c)
		c.Close()
		release()
	}
	br := bufio.NewReaderSize(c, maxFastHeader)
	req := &http.Request{Method: "GET", URL: &url.URL{}, Header: http.Header{}, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1}
	var bufs [4][]byte // WriteTo consumes a net.Buffers; each answer starts from bufs again
	first := true
	for !fs.closed.Load() {
		// The first request must arrive within ReadHeaderTimeout; later
		// ones may wait IdleTimeout for their first byte.
		wait := fs.lim.IdleTimeout
		if first || wait == 0 {
			wait = fs.lim.ReadHeaderTimeout
		}
		deadline(c.SetReadDeadline, wait)
		if _, err := br.Peek(1); err != nil {
			end()
			return
		}
		head, ok := headIn(br) // mostly, the whole request came in one read
		if !ok {
			if !first { // the first request's deadline already is ReadHeaderTimeout
				deadline(c.SetReadDeadline, fs.lim.ReadHeaderTimeout)
			}
			head, ok = peekHead(br)
		}
		if !ok {
			break
		}
		r, ok := parseSimple(head)
		if !ok {
			break
		}
		req.Method, req.Host, req.URL.Path, req.URL.RawQuery = r.method, r.host, r.path, r.query
		s := fs.static(req)
		if s == nil {
			break
		}
		hdr, body, ok := s.fast(r.path, r.gzip)
		if !ok {
			break
		}
		br.Discard(len(head))
		out := append(net.Buffers(bufs[:0]), hdr, dateLine(), crlf)
		if r.method == http.MethodGet {
			out = append(out, body)
		}
		deadline(c.SetWriteDeadline, fs.lim.WriteTimeout)
		fastAnswers.Add(1)
		if _, err := out.WriteTo(c); err != nil {
			end()
			return
		}
		first = false
	}
	if fs.closed.Load() {
		end()
		return
	}
	c.SetReadDeadline(time.Time{})
	c.SetWriteDeadline(time.Time{})
	fs.forget(c)
	fs.slow.hand(&bufferedConn{Conn: c, r: br, release: release})
}

func deadline(set func(time.Time) error, d time.Duration) {
	if d > 0 {
		set(time.Now().Add(d))
	} else {
		set(time.Time{})
	}
}

// static is the site handler that would answer req, or nil.
func (fs *fastServer) static(req *http.Request) *static {
	switch h := fs.h.(type) {
	case *static:
		return h
	case *http.ServeMux:
		found, _ := h.Handler(req)
		s, _ := found.(*static)
		return s
	}
	return nil
}

// headIn is the request line and headers when they are already buffered.
func headIn(br *bufio.Reader) ([]byte, bool) {
	buf, _ := br.Peek(br.Buffered())
	if i := bytes.Index(buf, []byte("\r\n\r\n")); i >= 0 {
		return buf[:i+4], true
	}
	return nil, false
}

// peekHead is the request line and headers, up to and with the blank
// line, when they fit the buffer; they stay buffered for net/http.
func peekHead(br *bufio.Reader) ([]byte, bool) {
	for n := max(br.Buffered(), 1); ; n = br.Buffered() + 1 {
		buf, err := br.Peek(min(n, maxFastHeader))
		if i := bytes.Index(buf, []byte("\r\n\r\n")); i >= 0 {
			return buf[:i+4], true
		}
		if err != nil || len(buf) >= maxFastHeader {
			return nil, false
		}
	}
}

type simpleRequest struct {
	method, host, path, query string
	gzip                      bool
}

// parseSimple accepts only a plain GET or HEAD: HTTP/1.1, an origin-form
// path of plain characters, a Host, and no header that asks for more than
// the whole file (a body, a condition, a range, an upgrade, closing).
func parseSimple(head []byte) (simpleRequest, bool) {
	var r simpleRequest
	line, rest, _ := bytes.Cut(head, crlf)
	method, line, _ := bytes.Cut(line, []byte(" "))
	target, proto, _ := bytes.Cut(line, []byte(" "))
	switch string(method) {
	case http.MethodGet:
		r.method = http.MethodGet
	case http.MethodHead:
		r.method = http.MethodHead
	default:
		return r, false
	}
	if string(proto) != "HTTP/1.1" || !plainTarget(target) {
		return r, false
	}
	p, q, _ := bytes.Cut(target, []byte("?"))
	r.path, r.query = string(p), string(q)
	for len(rest) > 2 {
		var h []byte
		h, rest, _ = bytes.Cut(rest, crlf)
		name, value, ok := bytes.Cut(h, []byte(":"))
		// A lone CR or LF (or another control byte) splits lines differently
		// for other parsers: net/http's to judge.
		if !ok || bytes.ContainsFunc(h, func(c rune) bool { return c < ' ' && c != '\t' || c == 0x7f }) ||
			len(name) == 0 || name[0] == ' ' || name[0] == '\t' || bytes.ContainsAny(name, " \t") {
			return r, false // folded or malformed
		}
		value = bytes.TrimSpace(value)
		switch key := http.CanonicalHeaderKey(string(name)); key {
		case "Host":
			if r.host != "" || len(value) == 0 {
				return r, false
			}
			r.host = string(value)
		case "Accept-Encoding":
			r.gzip = r.gzip || acceptsGzip([]string{string(value)})
		case "Content-Length", "Transfer-Encoding", "Expect", "Upgrade", "Connection", "Range", "If-Range",
			"If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "Http2-Settings":
			if key == "Connection" && bytes.EqualFold(value, []byte("keep-alive")) {
				continue
			}
			return r, false
		}
	}
	return r, r.host != ""
}

// plainTarget: a path of unreserved characters and slashes, no dot
// segments or doubled slashes, and any plain query.
func plainTarget(t []byte) bool {
	if len(t) == 0 || t[0] != '/' {
		return false
	}
	p, q, _ := bytes.Cut(t, []byte("?"))
	if bytes.Contains(p, []byte("//")) || bytes.Contains(p, []byte("/.")) {
		return false
	}
	for _, c := range p {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' || c == '~' || c == '/') {
			return false
		}
	}
	for _, c := range q {
		if c <= ' ' || c >= 0x7f || c == '#' {
			return false
		}
	}
	return true
}

// fast is the prepared answer to a plain GET of upath: its status line and
// headers (without Date and the final blank line) and its body.
func (s *static) fast(upath string, gz bool) (hdr, body []byte, ok bool) {
	if _, isDisk := s.src.(*disk); !isDisk {
		return nil, nil, false
	}
	host := s.hostState()
	if _, moved := host.redirects[upath]; moved {
		return nil, nil, false
	}
	f, moved := s.resolve(upath)
	if f == nil || moved != "" || f.body == nil {
		return nil, nil, false
	}
	gz = gz && f.gz != nil
	p := f.prepared.Load()
	if p == nil || p.host != host {
		p = &preparedHead{host: host}
		p.plain = f.head(host, upath, false)
		if f.gz != nil {
			p.gzip = f.head(host, upath, true)
		}
		f.prepared.Store(p)
	}
	if gz {
		return p.gzip, f.gz, true
	}
	return p.plain, f.body, true
}

// preparedHead holds a file's response heads for one version of the host rules.
type preparedHead struct {
	host        *hostState
	plain, gzip []byte
}

// head writes the headers send would give a plain GET, sorted as net/http
// writes them.
func (f *file) head(host *hostState, upath string, gz bool) []byte {
	h := http.Header{}
	f.fill(h, host, upath, http.StatusOK, gz)
	h["Last-Modified"] = f.lastModified
	keys := make([]string, 0, len(h))
	for k := range h {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b := []byte("HTTP/1.1 200 OK\r\n")
	for _, k := range keys {
		for _, v := range h[k] {
			b = append(append(append(append(b, k...), ": "...), v...), "\r\n"...)
		}
	}
	return b
}

var crlf = []byte("\r\n")

// dateLine is the Date header, formatted once a second.
func dateLine() []byte {
	now := time.Now().Unix()
	if d := cachedDate.Load(); d != nil && d.unix == now {
		return d.line
	}
	d := &dateHeader{unix: now, line: []byte("Date: " + time.Unix(now, 0).UTC().Format(http.TimeFormat) + "\r\n")}
	cachedDate.Store(d)
	return d.line
}

type dateHeader struct {
	unix int64
	line []byte
}

var cachedDate atomic.Pointer[dateHeader]

// bufferedConn is a connection whose first bytes were already read into r.
type bufferedConn struct {
	net.Conn
	r       *bufio.Reader
	release func()
}

func (c *bufferedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

func (c *bufferedConn) Close() error {
	err := c.Conn.Close()
	c.release()
	return err
}

// connListener gives net/http the connections handed over to it.
type connListener struct {
	addr  net.Addr
	conns chan net.Conn
	done  chan struct{}
	once  sync.Once
}

func (l *connListener) hand(c net.Conn) {
	select {
	case l.conns <- c:
	case <-l.done:
		c.Close()
	}
}

func (l *connListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *connListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return nil
}

func (l *connListener) Addr() net.Addr { return l.addr }
