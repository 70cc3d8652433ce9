package main

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
	"github.com/nivaran/magazine/generator/emit/hostpolicy"
	"github.com/nivaran/magazine/generator/server/serve"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// recipesEnv turns on the deploy recipe tests that drive slow outside programs.
const recipesEnv = "MAGAZINE_TEST_RECIPES"

// put is one object upload as the S3 server received it.
type put struct{ key, contentType, cacheControl string }

// docs/deploy/s3-upload.sh with the real AWS CLI against gofakes3 (an S3
// server in Go) on 127.0.0.1: every file of a build is stored with the
// Content-Type and Cache-Control that `magazine serve` sends for it, the
// hashed assets and pictures before any page, and neither the host files,
// dotfiles nor .gz files; objects the build no longer has are deleted, old
// hashed files kept until a run with --prune. gofakes3
// keeps Content-Type but not Cache-Control, so the test reads both from the
// uploads themselves.
func TestS3UploadScript(t *testing.T) {
	// The CLI takes a second of CPU to start, a dozen times: more than the
	// rest of this package. `make test` runs it; `go test ./...` stays quick.
	if os.Getenv(recipesEnv) != "1" {
		t.Skip("drives the AWS CLI a dozen times: run by make test, or set " + recipesEnv + "=1")
	}
	t.Parallel()
	if _, err := exec.LookPath("aws"); err != nil {
		t.Skip("the AWS CLI is not installed (apt-get install awscli): docs/deploy/s3-upload.sh is not run")
	}
	dist := gt.Build(t, map[string]string{
		"stories/a.md": gt.Story("5", "path: /rbi-policy\n"),
		"stories/b.md": gt.Story("7", "aliases: [/old-seven]\n"),
	})
	for name, data := range map[string]string{".env": "TOKEN=secret", "index.html.gz": "gz", "assets/.keep": ""} {
		if err := os.WriteFile(filepath.Join(dist, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	backend := s3mem.New()
	if err := backend.CreateBucket("site"); err != nil {
		t.Fatal(err)
	}
	old := []string{"assets/entry-client-OLD.js", "images/social/5-0123abcd.png"}
	for _, key := range append([]string{"gone/index.html"}, old...) { // a page, an asset and a picture of an older build
		if _, err := backend.PutObject("site", key, map[string]string{"Content-Type": "text/plain"}, strings.NewReader("old"), 3, nil); err != nil {
			t.Fatal(err)
		}
	}
	var mu sync.Mutex
	var puts []put
	s3 := gofakes3.New(backend).Server()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPut {
			mu.Lock()
			puts = append(puts, put{strings.TrimPrefix(r.URL.Path, "/site/"), r.Header.Get("Content-Type"), r.Header.Get("Cache-Control")})
			mu.Unlock()
		}
		s3.ServeHTTP(w, r)
	}))
	defer srv.Close()

	home := t.TempDir()
	os.WriteFile(filepath.Join(home, "config"), []byte("[default]\nregion = us-east-1\ns3 =\n  addressing_style = path\n"), 0o600)
	upload := func(args ...string) {
		t.Helper()
		cmd := exec.Command(filepath.Join(gt.Root(t), "docs", "deploy", "s3-upload.sh"), append([]string{dist, "s3://site/"}, args...)...)
		cmd.Env = append(cleanEnv(), "HOME="+home, "AWS_CONFIG_FILE="+filepath.Join(home, "config"),
			"AWS_SHARED_CREDENTIALS_FILE="+filepath.Join(home, "none"), "AWS_ACCESS_KEY_ID=key", "AWS_SECRET_ACCESS_KEY=secret",
			"AWS_ENDPOINT_URL="+srv.URL, "AWS_PROFILE=default")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("s3-upload.sh: %v\n%s", err, out)
		}
	}
	upload()

	// What magazine serve sends for each file of the build.
	site := serve.Handler(dist)
	want := map[string]put{}
	filepath.WalkDir(dist, func(p string, d os.DirEntry, err error) error {
		rel, _ := filepath.Rel(dist, p)
		rel = filepath.ToSlash(rel)
		if err != nil || d.IsDir() || strings.HasPrefix(d.Name(), ".") || strings.HasSuffix(rel, ".gz") || rel == "_headers" || rel == "_redirects" {
			return err
		}
		addr := "/" + strings.TrimSuffix(rel, "index.html") // a page is served at its folder
		rec := httptest.NewRecorder()
		site.ServeHTTP(rec, httptest.NewRequest("GET", addr, nil))
		if rec.Code == http.StatusMovedPermanently && strings.HasSuffix(rel, "/index.html") {
			// An old address's page (for hosts that read no _redirects): served
			// like any page where a host does not redirect.
			rec = httptest.NewRecorder()
			site.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
		}
		if rec.Code != http.StatusOK {
			t.Fatalf("magazine serve: %s: %d", addr, rec.Code)
		}
		want[rel] = put{rel, rec.Header().Get("Content-Type"), rec.Header().Get("Cache-Control")}
		return nil
	})
	got := map[string]put{}
	lastAsset, firstPage := -1, len(puts)
	for i, p := range puts {
		if _, twice := got[p.key]; twice {
			t.Errorf("%s uploaded twice", p.key)
		}
		got[p.key] = p
		if strings.HasPrefix(p.key, "assets/") || strings.HasPrefix(p.key, "images/") {
			lastAsset = i
		} else if strings.HasSuffix(p.key, ".html") {
			firstPage = min(firstPage, i)
		}
	}
	for key, w := range want {
		if g, ok := got[key]; !ok {
			t.Errorf("%s: not uploaded", key)
		} else if g != w {
			t.Errorf("%s: uploaded with %q, %q; magazine serve sends %q, %q", key, g.contentType, g.cacheControl, w.contentType, w.cacheControl)
		}
	}
	for key := range got {
		if _, ok := want[key]; !ok {
			t.Errorf("%s: uploaded, but not a file the site serves", key)
		}
	}
	if lastAsset > firstPage {
		t.Errorf("upload %d is a page and %d a hashed file: assets and pictures must be up before the pages", firstPage, lastAsset)
	}
	cards, _ := filepath.Glob(filepath.Join(dist, "images", "social", "5-*.png"))
	if len(want) < 30 || got[old[0]] != (put{}) || len(cards) != 1 || want["images/social/"+filepath.Base(cards[0])].cacheControl != hostpolicy.Immutable {
		t.Fatalf("%d files in the build, or no sharing card served immutable", len(want))
	}

	keys := func() []string {
		list, err := backend.ListBucket("site", nil, gofakes3.ListBucketPage{})
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, c := range list.Contents {
			keys = append(keys, c.Key)
		}
		return keys
	}
	if k := keys(); slices.Contains(k, "gone/index.html") || !slices.Contains(k, old[0]) || !slices.Contains(k, old[1]) || len(k) != len(want)+len(old) {
		t.Errorf("after the upload the bucket holds %v: want the build's %d files, the old page deleted, the old asset and picture kept", k, len(want))
	}
	upload("--prune")
	if k := keys(); slices.Contains(k, old[0]) || slices.Contains(k, old[1]) || len(k) != len(want) {
		t.Errorf("after an upload with --prune the bucket holds %v: want the build's %d files only", k, len(want))
	}
}
