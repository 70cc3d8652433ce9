package main

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// `magazine serve --base-url https://example.org/magazine/` serves the site
// below /magazine/, says so, and takes the forms' posts there.
func TestServeBelowTheBaseURLsPath(t *testing.T) {
	data := t.TempDir()
	_, at := startServe(t, nil, "--data", data, "--base-url", "https://example.org/magazine/")
	addr, path, _ := strings.Cut(at, "/")
	if path != "magazine/" {
		t.Fatalf("serve says it is at http://%s, want the site's address below /magazine/", at)
	}
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	for p, want := range map[string]int{"/magazine/": 200, "/magazine": 301, "/": 404, "/healthz": 200} {
		res, err := client.Get("http://" + addr + p)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("GET %s: %d, want %d", p, res.StatusCode, want)
		}
	}
	res, err := client.PostForm("http://"+addr+"/magazine/api/forms/newsletter", url.Values{"email": {"meera@example.in"}})
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/magazine/thank-you/?form=newsletter" {
		t.Errorf("a plain post: %d to %q, want the thank-you page below /magazine/", res.StatusCode, res.Header.Get("Location"))
	}
	if leads := exportLeads(t, nil, "--data", data); len(leads) != 1 || leads[0]["email"] != "meera@example.in" {
		t.Errorf("leads: %v", leads)
	}
}
