package images

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
)

// key names a picture by everything that decides its bytes: the recipe (a
// settings string that changes whenever the drawing or encoding does) and
// the input. Its first 8 hex digits go into the public file name, so a new
// recipe gives a new URL and the CDN's cache-forever never serves old bytes.
func key(recipe string, input ...[]byte) string {
	h := sha256.New()
	h.Write([]byte(recipe))
	for _, b := range input {
		// Length-prefix each part so ("ab","c") and ("a","bc") differ.
		h.Write([]byte{0})
		h.Write([]byte(strconv.Itoa(len(b))))
		h.Write([]byte{0})
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))
}

func (p *Processor) cacheFile(k string, width int, ext string) string {
	return filepath.Join(p.CacheDir, k[:2], k+"-"+strconv.Itoa(width)+"."+ext)
}

// load returns a cached file's bytes and path, or ok=false on a miss.
func (p *Processor) load(k string, width int, ext string) (data []byte, file string, ok bool) {
	if p.CacheDir == "" {
		return nil, "", false
	}
	file = p.cacheFile(k, width, ext)
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, "", false
	}
	return data, file, true
}

// store keeps data in the cache and returns its path ("" without a cache).
// It writes a temporary file and renames it, so a parallel build or an
// interrupted one never leaves a half-written entry behind.
func (p *Processor) store(k string, width int, ext string, data []byte) (string, error) {
	if p.CacheDir == "" {
		return "", nil
	}
	file := p.cacheFile(k, width, ext)
	return file, writeAtomic(file, data)
}

func writeAtomic(file string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), ".tmp-*")
	if err != nil {
		return err
	}
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	if err := os.Rename(tmp.Name(), file); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return nil
}

// manifest records what an editor image turned into, so a warm build knows
// the sizes and format without decoding the source.
type manifest struct {
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Ext    string `json:"ext"`
}

func (p *Processor) loadManifest(k string) (manifest, bool) {
	var m manifest
	if p.CacheDir == "" {
		return m, false
	}
	data, err := os.ReadFile(filepath.Join(p.CacheDir, k[:2], k+".json"))
	if err != nil || json.Unmarshal(data, &m) != nil || m.Width <= 0 || m.Height <= 0 {
		return m, false
	}
	return m, true
}

func (p *Processor) storeManifest(k string, m manifest) error {
	if p.CacheDir == "" {
		return nil
	}
	data, _ := json.Marshal(m)
	return writeAtomic(filepath.Join(p.CacheDir, k[:2], k+".json"), data)
}

// cachedVariants serves every variant from the cache, or ok=false if any is
// missing (then the caller redraws them all: decoding once is the expensive
// part anyway).
func (p *Processor) cachedVariants(k string, vs []Variant, ext string) (Result, bool) {
	files := make(map[string][]byte, len(vs))
	for i, v := range vs {
		data, file, ok := p.load(k, v.Width, ext)
		if !ok {
			return Result{}, false
		}
		vs[i].Cached = file
		files[v.Path] = data
	}
	p.cached.Add(int64(len(vs)))
	last := vs[len(vs)-1]
	return Result{Variants: vs, Width: last.Width, Height: last.Height, Files: files}, true
}

func isNotExist(err error) bool { return errors.Is(err, fs.ErrNotExist) }
