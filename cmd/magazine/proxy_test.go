package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
	"github.com/nivaran/magazine/generator/testkit/hosttest"
)

// The nginx and Caddy recipes of docs/deploying.md, as written, in front of
// a real `magazine serve --trust-proxy`: eight readers, each from an address
// of its own (127.0.0.2 to .9), all get their sign-up through, each lead is
// stored with its reader's address (a forged X-Forwarded-For changes
// nothing), each reader keeps a rate limit of its own, and a browser post
// that names the site only in Origin passes the same-site check.
func TestRecipesPassReadersToTheCollector(t *testing.T) {
	for _, server := range []hosttest.Server{hosttest.Nginx, hosttest.Caddy} {
		t.Run(server.Bin, func(t *testing.T) {
			data := t.TempDir()
			_, addr := startServe(t, nil, "--trust-proxy", "--data", data, "--forms-per-minute", "1")
			dist := t.TempDir()
			gt.Write(t, filepath.Join(dist, "index.html"), "<!doctype html><title>Nivaran</title>")
			gt.Write(t, filepath.Join(dist, "404.html"), "<!doctype html><title>Not found</title>")
			gt.Write(t, filepath.Join(dist, "_redirects"), "/old /new/ 301\n")
			base := server.Serve(t, dist, "127.0.0.1:8080", addr)

			want := map[string]string{} // e-mail: the reader's address
			for i := 2; i <= 9; i++ {
				ip := fmt.Sprintf("127.0.0.%d", i)
				email := fmt.Sprintf("reader%d@example.in", i)
				forged := ""
				if i == 3 {
					forged = "203.0.113.7"
				}
				if status, body := signUp(t, base, ip, email, forged); status != http.StatusOK {
					t.Errorf("reader %s: %d %s, want 200", ip, status, body)
				}
				want[email] = ip
			}
			// Reader .2 has used one of its 5; the sixth is refused.
			for n := 2; n <= 6; n++ {
				status, body := signUp(t, base, "127.0.0.2", fmt.Sprintf("again%d@example.in", n), "")
				if wantStatus := map[bool]int{true: http.StatusOK, false: http.StatusTooManyRequests}[n <= 5]; status != wantStatus {
					t.Errorf("reader 127.0.0.2, sign-up %d: %d %s, want %d", n, status, body, wantStatus)
				}
				if n <= 5 {
					want[fmt.Sprintf("again%d@example.in", n)] = "127.0.0.2"
				}
			}
			got := map[string]string{}
			for _, l := range exportLeads(t, nil, "--data", data) {
				got[l["email"].(string)], _ = l["client_ip"].(string)
			}
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("leads (e-mail: address)\n%v, want\n%v", got, want)
			}
		})
	}
}

// signUp posts a launch sign-up to base from the local address ip, as an
// older browser does (Origin, no Sec-Fetch-Site), with forged as its own
// X-Forwarded-For if given.
func signUp(t *testing.T, base, ip, email, forged string) (int, string) {
	t.Helper()
	dialer := &net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: 5 * time.Second}
	client := &http.Client{Transport: &http.Transport{DialContext: dialer.DialContext}, Timeout: 10 * time.Second}
	defer client.CloseIdleConnections()
	req, _ := http.NewRequest("POST", base+"/api/forms/launch", strings.NewReader(`{"name":"Meera Iyer","email":"`+email+`"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Origin", base)
	if forged != "" {
		req.Header.Set("X-Forwarded-For", forged)
	}
	res, err := client.Do(req)
	if err != nil {
		t.Fatalf("%s: %v", ip, err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	// The collector's own headers, not the pages' caching added to them.
	for name, want := range map[string]string{"Cache-Control": "no-store", "X-Content-Type-Options": "nosniff"} {
		if got := res.Header.Values(name); res.StatusCode == http.StatusOK && (len(got) != 1 || got[0] != want) {
			t.Errorf("%s: the collector's answer has %s %q, want %q", ip, name, got, want)
		}
	}
	return res.StatusCode, strings.TrimSpace(string(b))
}
