package main

import (
	"bytes"
	"database/sql"
	"io"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/server/forms"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
	"github.com/nivaran/magazine/generator/testkit/pgtest"
)

func getHealth(t *testing.T, addr string) (int, string) {
	t.Helper()
	res, err := http.Get("http://" + addr + "/healthz")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if cc := res.Header.Get("Cache-Control"); cc != "no-store" {
		t.Errorf("/healthz Cache-Control %q, want no-store", cc)
	}
	return res.StatusCode, string(b)
}

func TestServeHealthzAndAccessLog(t *testing.T) {
	logFile := filepath.Join(t.TempDir(), "access.log")
	_, addr := startServe(t, nil, "--data", t.TempDir(), "--access-log", logFile)
	if status, body := getHealth(t, addr); status != 200 || body != "ok\n" {
		t.Errorf("/healthz: %d %q", status, body)
	}
	if res, err := http.Get("http://" + addr + "/"); err != nil || res.StatusCode != 200 {
		t.Fatalf("GET /: %v", err)
	}
	if status, err := post(addr, "launch", `{"name":"Meera Iyer","email":"meera@example.in"}`); err != nil || status != 200 {
		t.Fatalf("lead: %d %v", status, err)
	}
	var log string
	for deadline := time.Now().Add(10 * time.Second); strings.Count(log, "\n") < 3 && time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		b, _ := os.ReadFile(logFile)
		log = string(b)
	}
	for _, want := range []string{`"GET /healthz HTTP/1.1" 200 3 "-" "Go-http-client/1.1"`, `"GET / HTTP/1.1" 200 `, `"POST /api/forms/launch HTTP/1.1" 200 `} {
		if !strings.Contains(log, want) {
			t.Errorf("access log lacks %s:\n%s", want, log)
		}
	}
	if strings.Contains(log, "meera") || strings.Contains(log, "Meera") {
		t.Errorf("a lead reached the access log:\n%s", log)
	}
	if fi, err := os.Stat(logFile); err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("access log mode %v, %v; want 0640 (it holds readers' addresses)", fi.Mode(), err)
	}
}

// proxy forwards TCP connections to target until cut, standing for the
// network between `magazine serve` and its database.
type proxy struct {
	target string
	ln     net.Listener
	mu     sync.Mutex
	conns  []net.Conn
}

func startProxy(t *testing.T, target, addr string) *proxy {
	t.Helper()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	p := &proxy{target: target, ln: ln}
	t.Cleanup(p.cut)
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			d, err := net.Dial("tcp", target)
			if err != nil {
				c.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, c, d)
			p.mu.Unlock()
			go io.Copy(d, c)
			go io.Copy(c, d)
		}
	}()
	return p
}

// cut stops listening and drops every connection: the database is gone.
func (p *proxy) cut() {
	p.ln.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// /healthz follows the database: 503 while PostgreSQL cannot be reached,
// 200 again once it can.
func TestServeHealthzFollowsPostgres(t *testing.T) {
	u, err := url.Parse(pgtest.URL(t))
	if err != nil {
		t.Fatal(err)
	}
	p := startProxy(t, u.Host, "127.0.0.1:0")
	proxied := *u
	proxied.Host = p.ln.Addr().String()
	_, addr := startServe(t, nil, "--database", proxied.String())
	if status, _ := getHealth(t, addr); status != 200 {
		t.Fatalf("/healthz with the database up: %d", status)
	}
	p.cut()
	if status, body := getHealth(t, addr); status != 503 || !strings.Contains(body, "database") {
		t.Errorf("/healthz with the database unreachable: %d %q, want 503", status, body)
	}
	startProxy(t, u.Host, proxied.Host)
	if status, _ := getHealth(t, addr); status != 200 {
		t.Errorf("/healthz once the database is back: %d", status)
	}
}

// The systemd unit in docs/deploy parses (systemd-analyze verify, when
// installed), and its ExecStart is a `magazine serve` this CLI accepts.
func TestSystemdUnitExample(t *testing.T) {
	path := filepath.Join(gt.Root(t), "docs", "deploy", "magazine.service")
	unit, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]map[string]string{}
	var section string
	for i, line := range strings.Split(string(unit), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "[") && strings.HasSuffix(line, "]"):
			section = line[1 : len(line)-1]
			sections[section] = map[string]string{}
		default:
			k, v, ok := strings.Cut(line, "=")
			if !ok || section == "" {
				t.Fatalf("%s:%d: not a key=value line in a section: %q", path, i+1, line)
			}
			sections[section][k] = v
		}
	}
	for _, s := range []string{"Unit", "Service", "Install"} {
		if sections[s] == nil {
			t.Errorf("%s: no [%s] section", path, s)
		}
	}
	args := strings.Fields(sections["Service"]["ExecStart"])
	if len(args) < 2 || filepath.Base(args[0]) != "magazine" || args[1] != "serve" {
		t.Fatalf("%s: ExecStart %q is not `magazine serve ...`", path, args)
	}
	serve := serveCmd()
	if err := serve.ParseFlags(args[2:]); err != nil {
		t.Errorf("%s: ExecStart: %v", path, err)
	}
	if len(serve.Flags().Args()) > 0 {
		t.Errorf("%s: ExecStart passes arguments serve does not take: %q", path, serve.Flags().Args())
	}

	analyze, err := exec.LookPath("systemd-analyze")
	if err != nil {
		t.Skip("systemd-analyze is not installed (apt-get install systemd): checked the unit's structure only")
	}
	// verify wants the program to exist: this test binary stands in for it.
	dir := t.TempDir()
	copy := filepath.Join(dir, "magazine.service")
	os.WriteFile(copy, bytes.ReplaceAll(unit, []byte(args[0]), []byte(os.Args[0])), 0o644)
	out, err := exec.Command(analyze, "verify", copy).CombinedOutput()
	if err != nil || len(out) > 0 {
		t.Errorf("systemd-analyze verify %s: %v\n%s", path, err, out)
	}
}

// backdate sets when every lead of the store that args name was created
// (the stores compare the same text as a time).
func backdate(t *testing.T, args []string, at string) {
	t.Helper()
	var db *sql.DB
	var err error
	if args[0] == "--data" {
		db, err = sql.Open("sqlite", filepath.Join(args[1], forms.DBFile))
	} else {
		db, err = sql.Open("pgx", args[1])
	}
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("UPDATE leads SET created_at = '" + at + "'"); err != nil {
		t.Fatal(err)
	}
}

// `magazine leads delete` erases a person's leads (--email, any case) and
// leads past the retention limit (--older-than), on either store.
func TestLeadsDelete(t *testing.T) {
	for _, store := range []struct {
		name string
		args func(t *testing.T) []string
	}{
		{"sqlite", func(t *testing.T) []string { return []string{"--data", t.TempDir()} }},
		{"postgres", func(t *testing.T) []string { return []string{"--database", pgtest.URL(t)} }},
	} {
		t.Run(store.name, func(t *testing.T) {
			args := store.args(t)
			_, addr := startServe(t, nil, append(args, "--forms-per-minute", "0")...)
			for _, body := range []string{
				`{"email":"meera@example.in"}`, `{"email":"ravi@example.in"}`,
			} {
				if status, err := post(addr, "newsletter", body); err != nil || status != 200 {
					t.Fatalf("%s: %d %v", body, status, err)
				}
			}
			if status, err := post(addr, "launch", `{"name":"Meera","email":"Meera@Example.IN"}`); err != nil || status != 200 {
				t.Fatalf("launch: %d %v", status, err)
			}
			run := func(flags ...string) string {
				t.Helper()
				out, err := magazine(t, nil, append(append([]string{"leads", "delete"}, flags...), args...)...).CombinedOutput()
				if err != nil {
					t.Fatalf("leads delete %s: %v\n%s", flags, err, out)
				}
				return string(out)
			}
			if out := run("--email", "MEERA@example.in"); out != "2 lead(s) from MEERA@example.in deleted\n" {
				t.Errorf("--email: %q", out)
			}
			if l := exportLeads(t, nil, args...); len(l) != 1 || l[0]["email"] != "ravi@example.in" {
				t.Errorf("after --email: %v", l)
			}
			if out := run("--older-than", "1d"); !strings.HasPrefix(out, "0 lead(s) created before ") {
				t.Errorf("--older-than 1d: %q", out)
			}
			backdate(t, args, "2000-01-01T00:00:00.000Z")
			if out := run("--older-than", "30d"); !strings.HasPrefix(out, "1 lead(s) created before ") {
				t.Errorf("--older-than 30d: %q", out)
			}
			if l := exportLeads(t, nil, args...); len(l) != 0 {
				t.Errorf("after --older-than 30d: %v", l)
			}
		})
	}
	for _, bad := range [][]string{{}, {"--email", "a@b.co", "--older-than", "9d"}, {"--older-than", "90"}, {"--older-than", "-3d"}, {"--older-than", "0d"}} {
		out, err := magazine(t, nil, append([]string{"leads", "delete", "--data", t.TempDir()}, bad...)...).CombinedOutput()
		if err == nil || !strings.Contains(string(out), "--older-than") {
			t.Errorf("leads delete %q: %v %s", bad, err, out)
		}
	}
}
