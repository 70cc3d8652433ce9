// Package serve serves a built site the way a careful static host does:
// pages at their folder's address (/x/, with /x redirected there), 404.html
// with status 404, the redirects and headers of dist/_redirects and
// dist/_headers (generator/emit/hostpolicy), gzip with its own ETag, ranges and
// conditional requests, and never a dotfile, a host file or anything
// reached through a symlink. Files are kept in memory with their headers
// and compressed body, checked against the disk on every request.
package serve

import (
	"bytes"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"path"
	"strings"
	"sync/atomic"
	"time"

	"github.com/nivaran/magazine/generator/emit/hostpolicy"
)

// Handler serves the site in dir, following its _redirects and _headers.
func Handler(dir string) http.Handler { return HandlerAt(dir, "") }

// HandlerAt serves the site in dir below base, the base path it was built
// for ("/magazine" for https://example.org/magazine/; "" for the root), as
// a host serving it there does: /magazine redirects to /magazine/, and
// every other path outside it is not found. _redirects and _headers name
// the paths as requested, with base.
func HandlerAt(dir, base string) http.Handler {
	return newStatic(newDisk(dir), base, true)
}

// FS serves a site from any file system below base (see HandlerAt),
// reading each file afresh (the dev server's build in memory). html, when
// not nil, may rewrite each HTML page before it is sent (the dev server
// adds its reload script, which is also why _headers is not applied: its
// policy forbids inline script). _redirects is, as a host would.
func FS(fsys fs.FS, base string, html func([]byte) []byte) http.Handler {
	return newStatic(&fsSource{fsys: fsys, html: html}, base, false)
}

// source finds the files of a site.
type source interface {
	// file is the servable file at rel (slash-separated, below the root),
	// or nil when there is none: missing, not a regular file, a dotfile,
	// or reached through a symlink.
	file(rel string) *file
}

type static struct {
	src     source
	base    string // the site's base path, "" at the root of the host
	headers bool   // apply _headers from the site (_redirects always)
	host    atomic.Pointer[hostState]
	checked atomic.Int64 // when the host files were last looked at (unix ns)
}

// hostState is what the site's host files say, and which versions they were read from.
type hostState struct {
	rules              hostpolicy.Rules
	redirects          map[string]hostpolicy.Redirect
	headers, redirFile *file
	base               string // the static's: caching is by the path below it
}

// defaultRules apply where a site has no _headers (a build older than the
// file, or the dev server): caching by path and no content sniffing.
var defaultRules = hostpolicy.Rules{{Pattern: "/*", Headers: []hostpolicy.Header{{Name: "X-Content-Type-Options", Value: "nosniff"}}}}

func newStatic(src source, base string, headers bool) *static {
	s := &static{src: src, base: base, headers: headers}
	s.host.Store(&hostState{rules: defaultRules, base: base})
	s.hostState()
	return s
}

// hostCheckEvery is how often the host files are looked at again: a new
// build's redirects and headers apply within that time.
const hostCheckEvery = time.Second

// hostState reads _headers and _redirects again when they changed.
func (s *static) hostState() *hostState {
	cur := s.host.Load()
	now := time.Now().UnixNano()
	last := s.checked.Load()
	// magazine dev (no headers applied) looks every time: a tab reloads as
	// soon as a build is in, and must not meet the last build's redirects.
	if s.headers && (now-last < int64(hostCheckEvery) || !s.checked.CompareAndSwap(last, now)) {
		return cur
	}
	var hf *file
	if s.headers {
		hf = s.src.file(hostpolicy.HeadersFile)
	}
	rf := s.src.file(hostpolicy.RedirectsFile)
	if hf == cur.headers && rf == cur.redirFile && last != 0 {
		return cur
	}
	next := &hostState{rules: defaultRules, headers: hf, redirFile: rf, base: s.base}
	if hf != nil {
		if rules, err := hostpolicy.ParseHeaders(hf.body); err == nil {
			next.rules = rules
		}
	}
	if rf != nil {
		next.redirects = hostpolicy.ParseRedirects(rf.body)
	}
	s.host.Store(next)
	return next
}

func (s *static) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	host := s.hostState()
	upath := r.URL.Path
	if !strings.HasPrefix(upath, "/") {
		upath = "/" + upath
	}
	if rd, ok := host.redirects[upath]; ok {
		s.redirect(w, r, host, rd.To, rd.Status)
		return
	}
	if c := cleanPath(upath); c != upath {
		s.redirect(w, r, host, c, http.StatusMovedPermanently)
		return
	}
	rel, inside := strings.CutPrefix(upath, s.base)
	switch {
	case rel == "":
		s.redirect(w, r, host, s.base+"/", http.StatusMovedPermanently)
		return
	case !inside || rel[0] != '/':
		outside(w, s.base)
		return
	}
	f, moved := s.resolve(rel)
	switch {
	case moved != "":
		s.redirect(w, r, host, s.base+moved, http.StatusMovedPermanently)
	case f != nil:
		s.send(w, r, host, f, upath, http.StatusOK)
	default:
		s.notFound(w, r, host, upath)
	}
}

// resolve finds the file for a clean URL path, or the address it has
// moved to: a page is served at its folder's address with a trailing
// slash, and the address without it (or ending in index.html) redirects
// there, as static hosts do (see route.URL).
func (s *static) resolve(upath string) (f *file, moved string) {
	if hidden(upath) {
		return nil, ""
	}
	if upath == "/" {
		return s.src.file("index.html"), ""
	}
	rel := strings.TrimSuffix(upath[1:], "/")
	if strings.HasSuffix(upath, "/") {
		return s.src.file(rel + "/index.html"), ""
	}
	if dir, ok := strings.CutSuffix(upath, "/index.html"); ok && s.src.file(rel) != nil {
		return nil, dir + "/"
	}
	if f := s.src.file(rel); f != nil {
		return f, ""
	}
	if s.src.file(rel+"/index.html") != nil {
		return nil, upath + "/"
	}
	return nil, ""
}

// cleanPath is upath without doubled slashes and dot segments, keeping a
// final slash: the address clients are sent to (http.ServeMux would send
// them with a bare 307, without the site's headers).
func cleanPath(upath string) string {
	c := path.Clean(upath)
	if c != "/" && strings.HasSuffix(upath, "/") {
		c += "/"
	}
	return c
}

// outside answers a request for a path of the host outside the site's
// base path: not found, naming where the site is.
func outside(w http.ResponseWriter, base string) {
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", hostpolicy.Revalidate)
	h.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusNotFound)
	_, _ = io.WriteString(w, `<!doctype html><title>Not found</title><p>Not found. The site is at <a href="`+base+`/">`+base+`/</a>.</p>`+"\n")
}

// Mount serves prefix (the form collector) with h and every other path
// with site. Unlike http.ServeMux, it leaves a path that is not clean to
// the site, whose own 301 carries the site's headers.
func Mount(site http.Handler, prefix string, h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		clean := cleanPath(r.URL.Path)
		switch {
		case strings.HasPrefix(r.URL.Path, prefix) && clean == r.URL.Path:
			h.ServeHTTP(w, r)
		case strings.HasPrefix(clean, prefix) && r.Method != http.MethodGet && r.Method != http.MethodHead:
			// A form posted to /api/forms//x: 308 keeps the method and the
			// body, where the site's 301 for pages would lose the lead.
			u := *r.URL
			u.Path, u.RawPath = clean, ""
			w.Header().Set("Location", u.RequestURI())
			w.WriteHeader(http.StatusPermanentRedirect)
		default:
			site.ServeHTTP(w, r)
		}
	})
}

// Below serves h below base, a base path: h sees each request's path
// without base, and a redirect it answers to a path of the host gets base
// in front (the form collector's to /thank-you/). With base "", h itself.
func Below(base string, h http.Handler) http.Handler {
	if base == "" {
		return h
	}
	inner := http.StripPrefix(base, h)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// By the decoded path, as Mount matched it: http.StripPrefix also
		// wants the raw one to start with base, and answers a bare 404 for
		// /%6dag/… below /mag.
		if r.URL.RawPath != "" {
			u := *r.URL
			u.RawPath = ""
			r = r.WithContext(r.Context())
			r.URL = &u
		}
		inner.ServeHTTP(&prefixLocation{ResponseWriter: w, base: base}, r)
	})
}

// prefixLocation puts base before a Location header naming a path of the host.
type prefixLocation struct {
	http.ResponseWriter
	base string
}

func (p *prefixLocation) WriteHeader(status int) {
	h := p.Header()
	if loc := h.Get("Location"); strings.HasPrefix(loc, "/") && !strings.HasPrefix(loc, "//") {
		h.Set("Location", p.base+loc)
	}
	p.ResponseWriter.WriteHeader(status)
}

func (p *prefixLocation) Unwrap() http.ResponseWriter { return p.ResponseWriter }

// hidden: dotfiles and dot-folders (.git, .env, a build's staging folder)
// and the host files are never served.
func hidden(clean string) bool {
	if clean == "/"+hostpolicy.HeadersFile || clean == "/"+hostpolicy.RedirectsFile {
		return true
	}
	return strings.Contains(clean, "/.")
}

func (s *static) redirect(w http.ResponseWriter, r *http.Request, host *hostState, to string, status int) {
	// A path goes out escaped: decoded, "/.%2F%5Cevil.example" cleans to
	// "/\evil.example", which browsers follow as //evil.example, another
	// host; a control character must not reach a header either.
	if p, query, ok := strings.Cut(to, "?"); strings.HasPrefix(to, "/") {
		to = (&url.URL{Path: p}).EscapedPath()
		if ok {
			to += "?" + query
		}
	}
	if r.URL.RawQuery != "" && !strings.Contains(to, "?") {
		to += "?" + r.URL.RawQuery
	}
	h := w.Header()
	for _, hd := range host.rules.For(r.URL.Path) {
		h.Set(hd.Name, hd.Value)
	}
	// Browsers keep a permanent redirect until it expires: an hour, so a
	// page later published at an old address is seen; in magazine dev, not
	// at all, where an editor may take an old address back at any moment.
	if s.headers {
		h.Set("Cache-Control", "public, max-age=3600")
	} else {
		h.Set("Cache-Control", "no-store")
	}
	http.Redirect(w, r, to, status)
}

func (s *static) notFound(w http.ResponseWriter, r *http.Request, host *hostState, upath string) {
	f := s.src.file("404.html")
	// An unknown story has a 404 page of its own (route.StoryNotFound).
	if rel, _ := strings.CutPrefix(upath, s.base); strings.HasPrefix(rel, "/story/") {
		if story := s.src.file("story/404.html"); story != nil {
			f = story
		}
	}
	if f == nil {
		w.Header().Set("Cache-Control", hostpolicy.Revalidate)
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	s.send(w, r, host, f, upath, http.StatusNotFound)
}

var (
	varyEncoding = []string{"Accept-Encoding"}
	gzipEncoding = []string{"gzip"}
	revalidate   = []string{hostpolicy.Revalidate}
	bytesRanges  = []string{"bytes"}
)

// maxRanges caps the ranges of one request: browsers and CDNs ask for one,
// and thousands of tiny ones would make a small file a large answer.
// Beyond it the whole file is sent, as RFC 9110 allows a server to.
const maxRanges = 16

// byteRanges is r as http.ServeContent should see it, and whether it asks
// for ranges: the unit read as RFC 9110 says, in any case ("Bytes="); the
// whole file for another unit or more than maxRanges ranges.
func byteRanges(r *http.Request) (*http.Request, bool) {
	rg, ranged := r.Header["Range"]
	if !ranged {
		return r, false
	}
	unit, set, _ := strings.Cut(strings.Join(rg, ","), "=")
	n := 0
	for part := range strings.SplitSeq(set, ",") {
		if strings.TrimSpace(part) != "" {
			n++
		}
	}
	ok := strings.EqualFold(strings.TrimSpace(unit), "bytes") && n <= maxRanges
	if ok && unit == "bytes" && len(rg) == 1 {
		return r, true
	}
	as := *r
	as.Header = r.Header.Clone()
	as.Header.Del("Range")
	if ok {
		as.Header.Set("Range", "bytes="+set)
	}
	return &as, ok
}

// send answers with f: gzip when the client takes it (and asked for no
// range), its own ETag for each body, conditional requests and ranges by
// http.ServeContent, and the headers of the site's rules.
func (s *static) send(w http.ResponseWriter, r *http.Request, host *hostState, f *file, upath string, status int) {
	r, ranged := byteRanges(r)
	gz := f.gz != nil && !ranged && acceptsGzip(r.Header["Accept-Encoding"])
	h := w.Header()
	f.fill(h, host, upath, status, gz)
	body := f.body
	if gz {
		body = f.gz
	}
	if status != http.StatusOK {
		w.WriteHeader(status)
		if r.Method != http.MethodHead {
			_, _ = w.Write(body)
		}
		return
	}
	if body == nil { // a large file, read from disk as it is sent
		s.sendLarge(w, r, f)
		return
	}
	if !conditional(r.Header) {
		h["Last-Modified"] = f.lastModified
		w.WriteHeader(http.StatusOK)
		if r.Method != http.MethodHead {
			_, _ = w.Write(body)
		}
		return
	}
	http.ServeContent(judged{w}, r, f.rel, f.mod, bytes.NewReader(body))
}

// judged mends what http.ServeContent answers with the headers send set
// for the body: a 412 sends none, so it has no length (a client would wait
// for the bytes promised), and a gzip body cannot be ranged.
type judged struct{ http.ResponseWriter }

func (w judged) WriteHeader(code int) {
	h := w.Header()
	if code == http.StatusPreconditionFailed {
		delete(h, "Content-Length")
		delete(h, "Content-Encoding")
	}
	if _, gz := h["Content-Encoding"]; gz {
		delete(h, "Accept-Ranges")
	}
	w.ResponseWriter.WriteHeader(code)
}

func (w judged) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// fill sets the headers of an answer with f (its gzip body when gz): the
// site's rules for upath, the type, length and ETag of the body.
func (f *file) fill(h http.Header, host *hostState, upath string, status int, gz bool) {
	for _, kv := range f.headers(host, upath, status) {
		h[kv.name] = kv.value
	}
	if status != http.StatusOK {
		h["Cache-Control"] = revalidate // a missing /assets/x must not be cached forever
	}
	h["Content-Type"] = f.ctype
	if f.gz != nil {
		h["Vary"] = varyEncoding
	}
	length, etag := f.length, f.etag
	if gz {
		h["Content-Encoding"] = gzipEncoding
		length, etag = f.gzLength, f.gzETag
	}
	if length != nil {
		h["Content-Length"] = length
	}
	if status == http.StatusOK {
		if !gz { // a range is of the plain body, as http.ServeContent's answers say
			h["Accept-Ranges"] = bytesRanges
		}
		if etag != nil {
			h["Etag"] = etag
		}
	}
}

// conditional reports a request that http.ServeContent must judge.
func conditional(h http.Header) bool {
	for _, k := range [...]string{"If-None-Match", "If-Modified-Since", "If-Match", "If-Unmodified-Since", "Range"} {
		if _, ok := h[k]; ok {
			return true
		}
	}
	return false
}

// acceptsGzip reads Accept-Encoding: gzip with a q-value above 0, or, when
// gzip is not named, * with one (RFC 9110 12.5.3: the named coding wins).
func acceptsGzip(values []string) bool {
	gzip, star := -1, -1 // -1: not named; 0: refused; 1: taken
	for _, v := range values {
		for item := range strings.SplitSeq(v, ",") {
			name, params, _ := strings.Cut(item, ";")
			name = strings.TrimSpace(name)
			taken := 1
			if refused(params) {
				taken = 0
			}
			switch { // named twice, the first counts
			case strings.EqualFold(name, "gzip") && gzip < 0:
				gzip = taken
			case name == "*" && star < 0:
				star = taken
			}
		}
	}
	if gzip >= 0 {
		return gzip == 1
	}
	return star == 1
}

// refused reads a q-value of 0 (q=0, Q=0.000) among a coding's parameters.
func refused(params string) bool {
	for p := range strings.SplitSeq(params, ";") {
		k, v, ok := strings.Cut(strings.ReplaceAll(strings.TrimSpace(p), " ", ""), "=")
		if ok && strings.EqualFold(k, "q") {
			whole, frac, _ := strings.Cut(v, ".")
			return whole == "0" && strings.Trim(frac, "0") == ""
		}
	}
	return false
}
