// Package serve serves a built site the way a static host does: clean URLs,
// 404.html with status 404, long caching for hashed assets, revalidation for
// HTML, and gzip when the client accepts it.
package serve

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"hash/fnv"
	"io/fs"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Handler serves the site in dir.
func Handler(dir string) http.Handler { return FS(os.DirFS(dir), nil) }

// FS serves a site from any file system. html, when not nil, may rewrite
// each HTML page before it is sent (the dev server adds its reload script).
func FS(fsys fs.FS, html func([]byte) []byte) http.Handler {
	return &static{fsys: fsys, html: html}
}

type static struct {
	fsys fs.FS
	html func([]byte) []byte
	mu   sync.Mutex
	gz   map[string][]byte // compressed bodies by ETag
}

func (s *static) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := path.Clean("/" + r.URL.Path)
	file, status := s.resolve(p)
	if file == "" {
		http.Error(w, "404 page not found", http.StatusNotFound)
		return
	}
	if strings.HasPrefix(p, "/assets/") && status == http.StatusOK {
		w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		w.Header().Set("Cache-Control", "public, max-age=0, must-revalidate")
	}
	s.send(w, r, file, status)
}

// resolve maps a URL path to a file: /x -> x, x.html or x/index.html; else 404.html.
func (s *static) resolve(p string) (string, int) {
	base := strings.TrimPrefix(p, "/")
	candidates := []string{base, base + ".html", path.Join(base, "index.html")}
	if base == "" {
		candidates = []string{"index.html"}
	}
	for _, c := range candidates {
		if fi, err := fs.Stat(s.fsys, c); err == nil && !fi.IsDir() {
			return c, http.StatusOK
		}
	}
	if _, err := fs.Stat(s.fsys, "404.html"); err == nil {
		return "404.html", http.StatusNotFound
	}
	return "", http.StatusNotFound
}

var compressible = map[string]bool{".html": true, ".js": true, ".css": true, ".json": true, ".svg": true, ".xml": true, ".txt": true}

func (s *static) send(w http.ResponseWriter, r *http.Request, file string, status int) {
	body, err := fs.ReadFile(s.fsys, file)
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	ext := path.Ext(file)
	if ext == ".html" && s.html != nil {
		body = s.html(body)
	}
	ctype := mime.TypeByExtension(ext)
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("X-Content-Type-Options", "nosniff")
	sum := fnv.New64a()
	sum.Write(body)
	etag := `"` + strconv.FormatUint(sum.Sum64(), 36) + `"`
	if status == http.StatusOK {
		h.Set("ETag", etag)
		if r.Header.Get("If-None-Match") == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	if compressible[ext] && len(body) > 512 {
		h.Add("Vary", "Accept-Encoding")
		if strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			h.Set("Content-Encoding", "gzip")
			body = s.gzipped(etag, body)
		}
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

func (s *static) gzipped(etag string, body []byte) []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	if z, ok := s.gz[etag]; ok {
		return z
	}
	if s.gz == nil || len(s.gz) > 4096 {
		s.gz = map[string][]byte{}
	}
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	_, _ = zw.Write(body)
	_ = zw.Close()
	s.gz[etag] = b.Bytes()
	return s.gz[etag]
}

// ListenAndServe serves h on addr until ctx is cancelled, then shuts down
// gracefully, letting requests in flight finish.
func ListenAndServe(ctx context.Context, addr string, h http.Handler, ready func(addr string)) error {
	// Requests inherit ctx, so long-lived ones (the dev server's event
	// stream) end when the server is asked to stop.
	srv := &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 10 * time.Second,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	if ready != nil {
		ready(ln.Addr().String())
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := srv.Shutdown(sctx); err != nil {
			return err
		}
		if err := <-errc; !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	}
}
