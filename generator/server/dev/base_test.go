package dev

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// A site whose base URL has a path is served below it while it is written,
// as it will be published.
func TestServedBelowTheBasePath(t *testing.T) {
	t.Parallel()
	o := gt.Options(t, map[string]string{
		"site.yaml":    strings.Replace(gt.Site, "baseURL: https://test.example\n", "baseURL: https://test.example/magazine/\n", 1) + "perPage: 1\n",
		"stories/a.md": gt.Story("1", ""),
		"stories/b.md": gt.Story("2", ""),
	})
	s, err := newServer(o, io.Discard, false) // the later page of a listing is made when asked for
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.Base() != "/magazine" {
		t.Fatalf("Base() = %q", s.Base())
	}
	srv := httptest.NewServer(s.Handler())
	defer srv.Close()
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	get := func(path string) (*http.Response, string) {
		res, err := client.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, string(b)
	}
	if res, body := get("/magazine/story/1/"); res.StatusCode != 200 || !strings.Contains(body, `href="/magazine/favicon.svg"`) || !strings.Contains(body, `<script src="/__dev/client.js">`) {
		t.Errorf("/magazine/story/1/: %d, not the story below /magazine/ with the reload client", res.StatusCode)
	}
	if res, body := get("/magazine/category/economic-policy/page/2/"); res.StatusCode != 200 || !strings.Contains(body, `href="/magazine/story/1/"`) {
		t.Errorf("/magazine/category/economic-policy/page/2/, made when asked for: %d, without story 1", res.StatusCode)
	}
	if res, _ := get("/magazine"); res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != "/magazine/" {
		t.Errorf("/magazine: %d to %q", res.StatusCode, res.Header.Get("Location"))
	}
	if res, _ := get("/story/1/"); res.StatusCode != http.StatusNotFound {
		t.Errorf("/story/1/, outside the base path: %d", res.StatusCode)
	}
	if res, _ := get("/__dev/client.js"); res.StatusCode != 200 {
		t.Errorf("the reload client: %d", res.StatusCode)
	}
}
