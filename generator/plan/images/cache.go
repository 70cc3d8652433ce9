package images

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
)

// key names a picture by everything that decides its bytes: the recipe (a
// settings string that changes whenever the drawing or encoding does) and
// the input. Its first 8 hex digits go into the public file name, so a new
// recipe gives a new URL and a CDN's cache-forever never serves old bytes.
func key(recipe string, input ...[]byte) string {
	h := sha256.New()
	h.Write([]byte(recipe))
	for _, b := range input {
		// Length-prefixed, so ("ab","c") and ("a","bc") differ.
		h.Write([]byte("\x00" + strconv.Itoa(len(b)) + "\x00"))
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// cached reads a cache entry (a variant's width, or "json" for a photo's
// manifest); ok is false on a miss or without a cache.
func (p *Processor) cached(k, name string) (data []byte, ok bool) {
	if p.CacheDir == "" {
		return nil, false
	}
	data, err := os.ReadFile(filepath.Join(p.CacheDir, k[:2], k+"-"+name))
	return data, err == nil
}

// store keeps a cache entry. It writes a temporary file and renames it, so
// a parallel or interrupted build never leaves a half-written entry.
func (p *Processor) store(k, name string, data []byte) error {
	if p.CacheDir == "" {
		return nil
	}
	file := filepath.Join(p.CacheDir, k[:2], k+"-"+name)
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), ".tmp-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), file)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// manifest records what a photo turned into, so a warm build knows the
// sizes and format without decoding it.
type manifest struct {
	Width  int    `json:"width"`
	Height int    `json:"height"`
	Ext    string `json:"ext"`
}

// fromCache serves every variant of a photo from the cache, or ok=false if
// anything is missing (then the caller makes them all: decoding once is the
// expensive part anyway).
func (p *Processor) fromCache(k, stem string) (Result, bool) {
	var m manifest
	data, ok := p.cached(k, "json")
	if !ok || json.Unmarshal(data, &m) != nil || m.Width <= 0 || m.Height <= 0 {
		return Result{}, false
	}
	r := Result{Variants: plan(m.Width, m.Height, stem, m.Ext), Files: map[string][]byte{}}
	for _, v := range r.Variants {
		data, ok := p.cached(k, strconv.Itoa(v.Width)+"."+m.Ext)
		if !ok {
			return Result{}, false
		}
		r.Files[v.Path] = data
	}
	r.Width, r.Height = r.Largest().Width, r.Largest().Height
	return r, true
}
