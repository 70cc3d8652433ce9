// Package serve serves a built dist/ the way a static host does: clean URLs,
// 404.html with status 404, long caching for hashed assets, revalidation for
// HTML, and gzip when the client accepts it.
package serve

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"io"
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Handler serves dir.
func Handler(dir string) http.Handler {
	return &static{dir: dir}
}

type static struct {
	dir   string
	mu    sync.Mutex
	gzips map[string][]byte // compressed bodies by file path + mtime
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
	base := filepath.Join(s.dir, filepath.FromSlash(p))
	candidates := []string{base, base + ".html", filepath.Join(base, "index.html")}
	for _, c := range candidates {
		if fi, err := os.Stat(c); err == nil && !fi.IsDir() {
			return c, http.StatusOK
		}
	}
	nf := filepath.Join(s.dir, "404.html")
	if _, err := os.Stat(nf); err == nil {
		return nf, http.StatusNotFound
	}
	return "", http.StatusNotFound
}

var compressible = map[string]bool{".html": true, ".js": true, ".css": true, ".json": true, ".svg": true, ".xml": true, ".txt": true}

func (s *static) send(w http.ResponseWriter, r *http.Request, file string, status int) {
	fi, err := os.Stat(file)
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	ext := filepath.Ext(file)
	ctype := mime.TypeByExtension(ext)
	if ctype == "" {
		ctype = "application/octet-stream"
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if status == http.StatusOK {
		etag := `"` + fi.ModTime().UTC().Format("20060102150405.000000000") + "-" + itoa(fi.Size()) + `"`
		w.Header().Set("ETag", etag)
		if match := r.Header.Get("If-None-Match"); match == etag {
			w.WriteHeader(http.StatusNotModified)
			return
		}
	}
	body, err := os.ReadFile(file)
	if err != nil {
		http.Error(w, "read error", http.StatusInternalServerError)
		return
	}
	if compressible[ext] && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") && len(body) > 512 {
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Add("Vary", "Accept-Encoding")
		body = s.gzipped(file, fi, body)
	}
	w.Header().Set("Content-Length", itoa(int64(len(body))))
	w.WriteHeader(status)
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
}

func (s *static) gzipped(file string, fi os.FileInfo, body []byte) []byte {
	key := file + "@" + fi.ModTime().String()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.gzips == nil {
		s.gzips = map[string][]byte{}
	}
	if z, ok := s.gzips[key]; ok {
		return z
	}
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	_, _ = io.Copy(zw, bytes.NewReader(body))
	_ = zw.Close()
	s.gzips[key] = b.Bytes()
	return s.gzips[key]
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// ListenAndServe serves h on addr until ctx is cancelled, then shuts down
// gracefully, letting requests in flight finish.
func ListenAndServe(ctx context.Context, addr string, h http.Handler, ready func(addr string)) error {
	srv := &http.Server{Addr: addr, Handler: h, ReadHeaderTimeout: 10 * time.Second}
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
