package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
	"github.com/nivaran/magazine/generator/testkit/pgtest"
	"github.com/spf13/cobra"
)

// The test binary doubles as the magazine command: with MAGAZINE_TEST_MAIN
// set it runs main() with its arguments, so the tests below drive real
// `magazine` processes.
func TestMain(m *testing.M) {
	if os.Getenv("MAGAZINE_TEST_MAIN") == "1" {
		main()
		os.Exit(0)
	}
	pgtest.Main(m)
}

// magazine prepares a magazine process with args; env adds variables.
func magazine(t testing.TB, env []string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(cleanEnv(), "MAGAZINE_TEST_MAIN=1"), env...)
	// Ends with the test binary, whatever happens to it.
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	return cmd
}

// cleanEnv is the environment without the variables that stand in for flags.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if k, _, _ := strings.Cut(kv, "="); envFlags[flagOf(k)] == "" {
			env = append(env, kv)
		}
	}
	return env
}

func flagOf(env string) string {
	for f, e := range envFlags {
		if e == env {
			return f
		}
	}
	return ""
}

var servingAt = regexp.MustCompile(`at http://(\S+) `)

// startServe starts `magazine serve` on a free port of 127.0.0.1 and returns
// the process and its address.
func startServe(t *testing.T, env []string, args ...string) (*exec.Cmd, string) {
	t.Helper()
	dist := t.TempDir()
	os.WriteFile(filepath.Join(dist, "index.html"), []byte("<!doctype html><title>Nivaran</title>"), 0o644)
	args = append([]string{"serve", "--dir", dist, "--config", filepath.Join(dist, "none.yaml")}, args...)
	if !strings.Contains(strings.Join(env, " "), "MAGAZINE_ADDR=") {
		args = append(args, "--addr", "127.0.0.1:0") // never the default 8080
	}
	cmd := magazine(t, env, args...)
	stdout, _ := cmd.StdoutPipe()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if m := servingAt.FindStringSubmatch(sc.Text()); m != nil {
			go io.Copy(io.Discard, stdout)
			return cmd, m[1]
		}
	}
	cmd.Wait()
	t.Fatalf("magazine serve did not start: %s", stderr.String())
	return nil, ""
}

// exportLeads runs `magazine leads export --format json` with args.
func exportLeads(t *testing.T, env []string, args ...string) []map[string]any {
	t.Helper()
	cmd := magazine(t, env, append([]string{"leads", "export", "--format", "json"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("leads export: %v: %s", err, stderr.String())
	}
	var leads []map[string]any
	if err := json.Unmarshal(out, &leads); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	return leads
}

func post(addr, form, body string) (int, error) {
	res, err := http.Post("http://"+addr+"/api/forms/"+form, "application/json", strings.NewReader(body))
	if err != nil {
		return 0, err
	}
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode, nil
}

// Leads acknowledged by a real `magazine serve` survive its kill -9, on
// either store.
func TestServeKillNineKeepsAcknowledgedLeads(t *testing.T) {
	for _, store := range []struct {
		name string
		args func(t *testing.T) []string
	}{
		{"sqlite", func(t *testing.T) []string { return []string{"--data", t.TempDir()} }},
		{"postgres", func(t *testing.T) []string { return []string{"--database", pgtest.URL(t)} }},
	} {
		t.Run(store.name, func(t *testing.T) {
			args := store.args(t)
			cmd, addr := startServe(t, nil, append(args, "--forms-per-minute", "0")...)
			const n = 20
			errs := make(chan error, n)
			for i := 0; i < n; i++ {
				go func() {
					status, err := post(addr, "launch", fmt.Sprintf(`{"name":"Meera Iyer","email":"meera%d@example.in"}`, i))
					if err == nil && status != http.StatusOK {
						err = fmt.Errorf("lead %d: status %d", i, status)
					}
					errs <- err
				}()
			}
			for i := 0; i < n; i++ {
				if err := <-errs; err != nil {
					t.Fatal(err)
				}
			}
			// Every answer is in: kill -9 at once.
			cmd.Process.Signal(syscall.SIGKILL)
			cmd.Wait()
			if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || ws.Signal() != syscall.SIGKILL {
				t.Fatalf("serve ended with %v, want killed by SIGKILL", cmd.ProcessState)
			}
			seen := map[any]bool{}
			for _, l := range exportLeads(t, nil, args...) {
				seen[l["email"]] = true
			}
			for i := 0; i < n; i++ {
				if e := fmt.Sprintf("meera%d@example.in", i); !seen[e] {
					t.Errorf("acknowledged lead %s lost to kill -9", e)
				}
			}
			if len(seen) != n {
				t.Errorf("%d leads after kill -9, want %d", len(seen), n)
			}
		})
	}
}

// Two `magazine serve` processes behind one load balancer share one
// PostgreSQL: the rate limit holds per client across both, and a sign-up
// repeated through the other server is stored once.
func TestTwoServersShareOnePostgres(t *testing.T) {
	db := pgtest.URL(t)
	// One server reads the database from DATABASE_URL, the other from its
	// flag. A limit of one submission an hour after a burst of 4 keeps the
	// test independent of how slow the machine is.
	_, a := startServe(t, []string{"DATABASE_URL=" + db}, "--forms-per-minute", "0.0166", "--forms-burst", "4")
	_, b := startServe(t, nil, "--database", db, "--forms-per-minute", "0.0166", "--forms-burst", "4")

	steps := []struct {
		addr, email string
		want        int
	}{
		{a, "asha@example.in", 200},
		{b, "asha@example.in", 200}, // the retry through the other server: acknowledged, not stored again
		{b, "ravi@example.in", 200},
		{a, "meera@example.in", 200},
		{b, "kabir@example.in", 429}, // the fifth submission from this client, whichever server takes it
		{a, "kabir@example.in", 429},
	}
	for i, s := range steps {
		status, err := post(s.addr, "launch", fmt.Sprintf(`{"name":"Reader","email":%q}`, s.email)) // a retry sends the same
		if err != nil || status != s.want {
			t.Fatalf("step %d (%s via %s): status %d, %v; want %d", i, s.email, s.addr, status, err, s.want)
		}
	}
	var emails []string
	for _, l := range exportLeads(t, []string{"DATABASE_URL=" + db}) {
		emails = append(emails, l["email"].(string))
	}
	if got := strings.Join(emails, " "); got != "asha@example.in ravi@example.in meera@example.in" {
		t.Errorf("stored %s", got)
	}
}

func TestLeadsForwardAndExportSince(t *testing.T) {
	data := t.TempDir()
	_, addr := startServe(t, nil, "--data", data)
	for i, e := range []string{"one@example.in", "two@example.in"} {
		if status, err := post(addr, "newsletter", fmt.Sprintf(`{"email":%q}`, e)); err != nil || status != 200 {
			t.Fatalf("lead %d: %d %v", i, status, err)
		}
	}
	// A CRM endpoint that is down for its first two requests.
	var mu sync.Mutex
	var got []string
	calls := 0
	crm := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		calls++
		if calls <= 2 {
			w.WriteHeader(http.StatusBadGateway)
			return
		}
		var l map[string]any
		json.NewDecoder(r.Body).Decode(&l)
		got = append(got, l["email"].(string)+" "+r.Header.Get("Idempotency-Key"))
	}))
	defer crm.Close()
	out, err := magazine(t, nil, "leads", "forward", "--to", crm.URL, "--data", data, "--backoff", "10ms").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "2 lead(s) delivered to "+crm.URL) {
		t.Fatalf("forward: %v\n%s", err, out)
	}
	if len(got) != 2 || !strings.HasPrefix(got[0], "one@example.in ") || len(got[0]) != len("one@example.in ")+32 {
		t.Errorf("received %q", got)
	}
	out, err = magazine(t, nil, "leads", "forward", "--to", crm.URL, "--data", data).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "0 lead(s) delivered") {
		t.Errorf("second run: %v %s", err, out)
	}
	out, err = magazine(t, nil, "leads", "forward", "--to", "http://crm.example/hook", "--data", data).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "use https") {
		t.Errorf("plain http to another machine: %v %s", err, out)
	}

	tomorrow := time.Now().UTC().AddDate(0, 0, 1).Format(time.DateOnly)
	if l := exportLeads(t, nil, "--data", data, "--since", tomorrow); len(l) != 0 {
		t.Errorf("--since %s: %v", tomorrow, l)
	}
	if l := exportLeads(t, nil, "--data", data, "--since", time.Now().Add(-time.Hour).Format(time.RFC3339)); len(l) != 2 {
		t.Errorf("--since an hour ago: %d leads", len(l))
	}
	out, err = magazine(t, nil, "leads", "export", "--data", data, "--since", "yesterday").CombinedOutput()
	if err == nil || !strings.Contains(string(out), `--since "yesterday": want a date`) {
		t.Errorf("bad --since: %v %s", err, out)
	}
}

func TestServeTakesAddrFromTheEnvironmentUnlessFlagged(t *testing.T) {
	_, addr := startServe(t, []string{"MAGAZINE_ADDR=127.0.0.1:0"}, "--data", t.TempDir())
	if !strings.HasPrefix(addr, "127.0.0.1:") {
		t.Errorf("addr %q", addr)
	}
	dist := t.TempDir()
	os.WriteFile(filepath.Join(dist, "index.html"), []byte("<!doctype html><title>Nivaran</title>"), 0o644)
	cmd := magazine(t, []string{"MAGAZINE_ADDR=not-an-address"}, "serve", "--addr", "127.0.0.1:0", "--dir", dist, "--data", t.TempDir())
	stdout, _ := cmd.StdoutPipe()
	cmd.Start()
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	line, _ := bufio.NewReader(stdout).ReadString('\n')
	if !servingAt.MatchString(line) {
		t.Errorf("--addr must win over MAGAZINE_ADDR: %q", line)
	}
}

func TestFromEnv(t *testing.T) {
	t.Setenv("MAGAZINE_BASE_URL", "https://env.example")
	t.Setenv("DATABASE_URL", "postgres://db.example/leads")
	var base, db, addr string
	c := &cobra.Command{Use: "x", PersistentPreRunE: fromEnv, RunE: func(*cobra.Command, []string) error { return nil }}
	c.Flags().StringVar(&base, "base-url", "", "")
	c.Flags().StringVar(&db, "database", "", "")
	c.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "")
	c.SetArgs([]string{"--base-url", "https://flag.example"})
	if err := c.Execute(); err != nil {
		t.Fatal(err)
	}
	if base != "https://flag.example" || db != "postgres://db.example/leads" || addr != "127.0.0.1:8080" {
		t.Errorf("base %q, database %q, addr %q", base, db, addr)
	}
}

func TestVersionText(t *testing.T) {
	info := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.4.0"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "93daa97d46ebb57289a0504f53f98d2d35780deb"},
		{Key: "vcs.time", Value: "2026-11-20T09:15:00Z"},
		{Key: "vcs.modified", Value: "false"},
	}}
	want := "magazine v1.4.0\ncommit   93daa97d46ebb57289a0504f53f98d2d35780deb\ndate     2026-11-20T09:15:00Z\ngo       go1.26.8\n"
	if got := versionText(info); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	info.Settings[2].Value = "true"
	if got := versionText(info); !strings.Contains(got, "(with uncommitted changes)") {
		t.Errorf("modified: %s", got)
	}
	if got := versionText(&debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}}); !strings.Contains(got, "commit   unknown") {
		t.Errorf("no VCS: %s", got)
	}
	// The real binary prints its own build info.
	out, err := magazine(t, nil, "version").Output()
	if err != nil || !strings.HasPrefix(string(out), "magazine ") || !strings.Contains(string(out), "go       go1.") {
		t.Errorf("magazine version: %v %q", err, out)
	}
}

// An unclean path is `magazine serve`'s own 301 with the site's headers,
// not http.ServeMux's bare 307 (the collector sits beside the site).
func TestServeRedirectsUncleanPathsItself(t *testing.T) {
	_, addr := startServe(t, nil, "--data", t.TempDir())
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "GET /./ HTTP/1.1\r\nHost: x\r\n\r\n")
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.StatusCode != http.StatusMovedPermanently || res.Header.Get("Location") != "/" || res.Header.Get("X-Content-Type-Options") != "nosniff" {
		t.Errorf("/./: %d %v", res.StatusCode, res.Header)
	}
}

// `magazine serve` refuses, saying why, a --dir that is no build: missing,
// a file, a folder without an index.html.
func TestServeRefusesWhatIsNoBuild(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "site.yaml")
	os.WriteFile(file, []byte("name: x\n"), 0o644)
	empty := filepath.Join(dir, "empty")
	os.Mkdir(empty, 0o755)
	for d, want := range map[string]string{
		filepath.Join(dir, "nowhere"): "does not exist: run 'magazine build' first",
		file:                          "is a file: --dir names the folder a build made",
		empty:                         "holds no index.html",
	} {
		out, err := magazine(t, nil, "serve", "--dir", d, "--addr", "127.0.0.1:0", "--config", file).CombinedOutput()
		if err == nil || !strings.Contains(string(out), want) {
			t.Errorf("--dir %s: %v %q, want %q", d, err, out, want)
		}
	}
}

// Flags out of range are refused, saying why, not taken for a default.
func TestFlagsOutOfRange(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "index.html"), []byte("<!doctype html><title>Nivaran</title>"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"build", "--workers", "500", "--out", filepath.Join(dir, "out"), "--cache-dir", filepath.Join(dir, "cache")}, "--workers 500: at most"},
		{[]string{"leads", "forward", "--to", "https://crm.example/hook", "--attempts", "0", "--data", dir}, "--attempts 0: a lead needs at least one try"},
		{[]string{"serve", "--dir", dir, "--forms-burst", "-1", "--data", dir, "--addr", "127.0.0.1:0"}, "cannot be negative"},
		{[]string{"serve", "--dir", dir, "--max-conns-per-client", "-1", "--data", dir, "--addr", "127.0.0.1:0"}, "--max-conns-per-client -1: cannot be negative"},
		{[]string{"leads", "delete", "--older-than", "0d", "--data", dir}, `--older-than "0d": at least 1d`},
	} {
		cmd := magazine(t, nil, c.args...)
		cmd.Dir = gt.Root(t)
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), c.want) {
			t.Errorf("%v: %v %q, want %q", c.args, err, out, c.want)
		}
	}
}

// magazine dev opens its address before its first build: a taken one
// fails at once, not after building the site.
func TestDevFailsAtOnceOnATakenAddress(t *testing.T) {
	t.Parallel()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	dir := t.TempDir()
	cmd := magazine(t, nil, "dev", "--addr", ln.Addr().String(), "--cache-dir", filepath.Join(dir, "cache"), "--data", dir)
	cmd.Dir = gt.Root(t)
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "address already in use") || strings.Contains(string(out), "Rebuilt") {
		t.Errorf("%v %q", err, out)
	}
}
