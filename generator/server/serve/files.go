package serve

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/nivaran/magazine/generator/emit/hostpolicy"
)

// file is one file ready to send: its bodies, and the header values that
// go with them, computed once.
type file struct {
	rel          string
	mod          time.Time
	ctype        []string
	lastModified []string
	body         []byte // nil for a large file, read from disk when sent
	etag, length []string
	gz           []byte // nil when not worth compressing
	gzETag       []string
	gzLength     []string

	// the file on disk it was read from, to notice a change
	abs   string
	size  int64
	ino   uint64
	mtime time.Time

	checked atomic.Int64 // when it was last found unchanged on disk (unix ns)
	hdr     atomic.Pointer[headerSet]
}

type headerSet struct {
	host *hostState
	list []kv
}

type kv struct {
	name  string
	value []string
}

// headers are the site's rules for the file's own address, computed once
// per version of the rules. A 404 answers at any address: its headers are
// computed for that address each time.
func (f *file) headers(host *hostState, upath string, status int) []kv {
	if status != http.StatusOK {
		return ruleHeaders(host, upath)
	}
	if hs := f.hdr.Load(); hs != nil && hs.host == host {
		return hs.list
	}
	list := ruleHeaders(host, upath)
	f.hdr.Store(&headerSet{host, list})
	return list
}

func ruleHeaders(host *hostState, upath string) []kv {
	list := []kv{{"Cache-Control", []string{hostpolicy.CacheControl(strings.TrimPrefix(upath, host.base))}}}
	for _, h := range host.rules.For(upath) {
		name := http.CanonicalHeaderKey(h.Name)
		if name == "Cache-Control" {
			list[0].value = []string{h.Value}
			continue
		}
		list = append(list, kv{name, []string{h.Value}})
	}
	return list
}

// Files above maxInMemory are sent from disk; those below are kept, until
// the memory they take passes cacheBudget (then the cache starts afresh).
const (
	maxInMemory = 8 << 20
	cacheBudget = 512 << 20
	minGzip     = 512 // smaller bodies gain nothing from gzip
)

var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
	".css": "text/css; charset=utf-8", ".json": "application/json", ".svg": "image/svg+xml", ".xml": "application/xml",
	".txt": "text/plain; charset=utf-8", ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png",
	".webp": "image/webp", ".avif": "image/avif", ".gif": "image/gif", ".ico": "image/x-icon", ".woff2": "font/woff2",
	".webmanifest": "application/manifest+json", ".map": "application/json",
}

var compressible = map[string]bool{".html": true, ".js": true, ".mjs": true, ".css": true, ".json": true,
	".svg": true, ".xml": true, ".txt": true, ".webmanifest": true, ".map": true, ".ico": true}

func contentType(name string) string {
	ext := strings.ToLower(path.Ext(name))
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}

// newFile prepares body (nil for a large file) for sending. gz, when not
// nil, is a precompressed body found beside the file; level is the gzip
// level to compress with otherwise.
func newFile(rel string, mod time.Time, body, gz []byte, level int) *file {
	f := &file{rel: rel, mod: mod, body: body, ctype: []string{contentType(rel)},
		lastModified: []string{mod.UTC().Format(http.TimeFormat)}}
	if body == nil {
		return f
	}
	sum := sha256.Sum256(body)
	tag := base64.RawURLEncoding.EncodeToString(sum[:12])
	f.etag, f.length = []string{`"` + tag + `"`}, []string{strconv.Itoa(len(body))}
	if !compressible[strings.ToLower(path.Ext(rel))] || len(body) < minGzip {
		return f
	}
	if gz == nil {
		gz = compress(body, level)
	}
	if len(gz) < len(body) {
		// A body of its own has an ETag of its own, or a cache holding the
		// gzip body could answer a revalidation for the plain one.
		f.gz, f.gzETag, f.gzLength = gz, []string{`"` + tag + `-gz"`}, []string{strconv.Itoa(len(gz))}
	}
	return f
}

// gzipWriters keeps a gzip writer of each level for the next file: each
// holds ~1 MB of compressor state, which a writer made per file allocated
// again for every page read (after each rebuild in magazine dev).
var gzipWriters sync.Map // level -> *sync.Pool of *gzip.Writer

// compress is body gzipped at level.
func compress(body []byte, level int) []byte {
	p, ok := gzipWriters.Load(level)
	if !ok {
		p, _ = gzipWriters.LoadOrStore(level, &sync.Pool{New: func() any {
			zw, _ := gzip.NewWriterLevel(nil, level) // a valid level: the callers' constants
			return zw
		}})
	}
	pool := p.(*sync.Pool)
	zw := pool.Get().(*gzip.Writer)
	defer pool.Put(zw)
	var b bytes.Buffer
	zw.Reset(&b)
	_, _ = zw.Write(body)
	_ = zw.Close()
	return b.Bytes()
}

// recheckEvery is how long a file read from disk is served before it is
// checked again (one lstat): a new build is served within that time. (Like
// nginx's open_file_cache_valid; checking on every request cost a quarter
// of a page's time.)
const recheckEvery = 200 * time.Millisecond

// disk serves a folder, keeping each file it has read in memory and
// checking it against the disk (recheckEvery).
type disk struct {
	root  string
	mu    sync.RWMutex
	files map[string]*file
	bytes atomic.Int64
}

func newDisk(root string) *disk { return &disk{root: root, files: map[string]*file{}} }

func (d *disk) file(rel string) *file {
	d.mu.RLock()
	f := d.files[rel]
	d.mu.RUnlock()
	if f != nil {
		now := time.Now().UnixNano()
		if now-f.checked.Load() < int64(recheckEvery) {
			return f
		}
		if fi, err := os.Lstat(f.abs); err == nil && f.same(fi) {
			f.checked.Store(now)
			return f
		}
	}
	f = d.load(rel)
	d.mu.Lock()
	if f == nil {
		delete(d.files, rel)
	} else {
		if d.bytes.Add(int64(len(f.body)+len(f.gz))) > cacheBudget {
			d.files = map[string]*file{}
			d.bytes.Store(int64(len(f.body) + len(f.gz)))
		}
		d.files[rel] = f
	}
	d.mu.Unlock()
	return f
}

func (f *file) same(fi fs.FileInfo) bool {
	return fi.Mode().IsRegular() && fi.Size() == f.size && fi.ModTime().Equal(f.mtime) && inode(fi) == f.ino
}

func inode(fi fs.FileInfo) uint64 {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		return st.Ino
	}
	return 0
}

// load reads rel if every part of its path below the root is a real folder
// or file, none of them a symlink or hidden: whatever dist/ links to stays
// unserved, wherever it points.
func (d *disk) load(rel string) *file {
	parts := strings.Split(rel, "/")
	abs := d.root
	var fi fs.FileInfo
	for _, p := range parts {
		if p == "" || p[0] == '.' {
			return nil
		}
		abs = filepath.Join(abs, p)
		var err error
		if fi, err = os.Lstat(abs); err != nil || fi.Mode()&fs.ModeSymlink != 0 {
			return nil
		}
	}
	if !fi.Mode().IsRegular() {
		return nil
	}
	fh, err := os.OpenFile(abs, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return nil
	}
	defer fh.Close()
	if fi, err = fh.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	var body, gz []byte
	if fi.Size() <= maxInMemory {
		if body, err = io.ReadAll(fh); err != nil || int64(len(body)) != fi.Size() {
			return nil // changed while read: the next request reads it again
		}
		gz = precompressed(abs, fi)
	}
	f := newFile(rel, fi.ModTime(), body, gz, gzip.BestCompression)
	f.abs, f.size, f.ino, f.mtime = abs, fi.Size(), inode(fi), fi.ModTime()
	f.checked.Store(time.Now().UnixNano())
	if body == nil { // too large to hash on every change: size and time, as nginx does
		f.etag = []string{fmt.Sprintf(`"%x-%x"`, fi.ModTime().Unix(), fi.Size())}
	}
	return f
}

// precompressed is the body of x.gz beside x (made by `gzip -k`, say), when
// it is a regular file no older than x.
func precompressed(abs string, orig fs.FileInfo) []byte {
	fi, err := os.Lstat(abs + ".gz")
	if err != nil || !fi.Mode().IsRegular() || fi.ModTime().Before(orig.ModTime()) || fi.Size() > maxInMemory {
		return nil
	}
	gz, err := os.ReadFile(abs + ".gz")
	if err != nil {
		return nil
	}
	return gz
}

// sendLarge sends a file too large to keep in memory from disk.
func (s *static) sendLarge(w http.ResponseWriter, r *http.Request, f *file) {
	fh, err := os.OpenFile(f.abs, os.O_RDONLY|syscall.O_NOFOLLOW, 0)
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	defer fh.Close()
	http.ServeContent(w, r, f.rel, f.mod, fh)
}

// fsSource reads every file afresh from an fs.FS.
type fsSource struct {
	fsys fs.FS
	html func([]byte) []byte
}

func (s *fsSource) file(rel string) *file {
	for _, p := range strings.Split(rel, "/") {
		if p == "" || p[0] == '.' {
			return nil
		}
	}
	fi, err := fs.Stat(s.fsys, rel)
	if err != nil || !fi.Mode().IsRegular() {
		return nil
	}
	body, err := fs.ReadFile(s.fsys, rel)
	if err != nil {
		return nil
	}
	if s.html != nil && path.Ext(rel) == ".html" {
		body = s.html(body)
	}
	return newFile(rel, fi.ModTime(), body, nil, gzip.BestSpeed)
}
