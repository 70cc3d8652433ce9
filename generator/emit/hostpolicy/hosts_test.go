package hostpolicy_test

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nivaran/magazine/generator/emit/hostpolicy"
	"github.com/nivaran/magazine/generator/server/serve"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// The nginx and Caddy recipes of docs/deploying.md, run as written against the real
// servers from Debian, and `magazine serve`, all pass the same checks of a
// built site: pages, clean addresses, 404.html, redirects of old addresses,
// caching, the security headers of this package and precompressed files.

// testSite builds a small site with a fixed path and an alias.
func testSite(t *testing.T) string {
	t.Helper()
	dist := gt.Build(t, map[string]string{
		"stories/a.md": gt.Story("5", "path: /rbi-policy\n"),
		"stories/b.md": gt.Story("7", "aliases: [/old-seven]\n"),
	})
	// A precompressed page that differs from what compressing on the fly
	// would give, and a dotfile that must stay hidden.
	page := gt.Read(t, dist, "rbi-policy/index.html")
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	io.WriteString(zw, page+"<!-- precompressed -->")
	zw.Close()
	for name, data := range map[string][]byte{"rbi-policy/index.html.gz": gz.Bytes(), ".env": []byte("TOKEN=secret")} {
		if err := os.WriteFile(filepath.Join(dist, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dist
}

// policy is what the sample site.yaml (collector mode) gives, as the recipes
// in docs/deploying.md assume: the forms post to the collector, and the shell's inline
// script (templates/page.html) runs by its hash.
func policy(t *testing.T, dist string) hostpolicy.Site {
	var hashes []string
	for _, m := range regexp.MustCompile(`<script>([^<]*)</script>`).FindAllStringSubmatch(gt.Read(t, dist, "index.html"), -1) {
		sum := sha256.Sum256([]byte(m[1]))
		hashes = append(hashes, "sha256-"+base64.StdEncoding.EncodeToString(sum[:]))
	}
	return hostpolicy.Site{FormEndpoints: []string{"/api/forms/launch"}, ScriptHashes: hashes}
}

func checkHost(t *testing.T, base, dist string) {
	client := &http.Client{
		Transport:     &http.Transport{DisableCompression: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		Timeout:       10 * time.Second,
	}
	get := func(path string, hdr ...string) (*http.Response, string) {
		req, _ := http.NewRequest("GET", base+path, nil)
		for i := 0; i+1 < len(hdr); i += 2 {
			req.Header.Set(hdr[i], hdr[i+1])
		}
		res, err := client.Do(req)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res, string(b)
	}
	security := hostpolicy.Security(policy(t, dist))
	secure := func(path string, res *http.Response) {
		for _, h := range security {
			if got := res.Header.Values(h.Name); len(got) != 1 || got[0] != h.Value {
				t.Errorf("%s: %s = %q, want %q", path, h.Name, got, h.Value)
			}
		}
	}
	assets, _ := filepath.Glob(filepath.Join(dist, "assets", "entry-client-*.js"))
	if len(assets) == 0 {
		t.Fatal("no entry chunk in the build")
	}
	asset := "/assets/" + filepath.Base(assets[0])

	// /story/5/ is the whole generic page of the story at /rbi-policy/ (SPEC.md).
	for path, file := range map[string]string{"/": "index.html", "/rbi-policy/": "rbi-policy/index.html", "/story/7/": "story/7/index.html", "/story/5/": "story/5/index.html", asset: "assets/" + filepath.Base(assets[0])} {
		res, body := get(path)
		if res.StatusCode != 200 || body != gt.Read(t, dist, file) {
			t.Errorf("%s: %d, or not %s", path, res.StatusCode, file)
			continue
		}
		secure(path, res)
		want := hostpolicy.Revalidate
		if path == asset {
			want = hostpolicy.Immutable
		}
		if cc := res.Header.Get("Cache-Control"); cc != want {
			t.Errorf("%s: Cache-Control %q, want %q", path, cc, want)
		}
	}
	// Old addresses move as _redirects says (301); a folder's address
	// without its slash moves permanently too (Caddy says 308).
	for from, to := range map[string]string{
		"/rbi-policy": "/rbi-policy/", "/story/7": "/story/7/", "/story/5": "/story/5/",
		"/old-seven": "/story/7/", "/old-seven/": "/story/7/", "/old-seven?utm=x": "/story/7/?utm=x",
	} {
		res, _ := get(from)
		// Caddy 2.6 keeps the query as "?{query}", which leaves a bare "?" when there is none.
		loc := strings.TrimSuffix(strings.TrimPrefix(res.Header.Get("Location"), base), "?")
		alias := !strings.HasSuffix(to, from[1:]+"/")
		permanent := res.StatusCode == http.StatusMovedPermanently || !alias && res.StatusCode == http.StatusPermanentRedirect
		if !permanent || loc != to {
			t.Errorf("%s: %d to %q, want a permanent redirect to %s", from, res.StatusCode, res.Header.Get("Location"), to)
		}
	}
	notFound := gt.Read(t, dist, "404.html")
	for _, path := range []string{"/nope", "/story/999", "/story/not-a-number", "/.env", "/_headers", "/_redirects"} {
		res, body := get(path)
		if res.StatusCode != 404 || body != notFound {
			t.Errorf("%s: %d, want 404 with 404.html (%d bytes)", path, res.StatusCode, len(body))
			continue
		}
		secure(path, res)
	}
	// gzip_static: the .gz beside the page, as it is.
	res, body := get("/rbi-policy/", "Accept-Encoding", "gzip")
	if res.Header.Get("Content-Encoding") != "gzip" || !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
		t.Fatalf("/rbi-policy/ with gzip: %v", res.Header)
	}
	zr, err := gzip.NewReader(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if plain, _ := io.ReadAll(zr); !strings.HasSuffix(string(plain), "<!-- precompressed -->") {
		t.Error("the .gz beside the page was not sent")
	}
	if res, _ := get("/", "Accept-Encoding", "gzip"); res.Header.Get("Content-Encoding") != "gzip" {
		t.Error("/ is not compressed")
	}
}

func TestMagazineServe(t *testing.T) {
	dist := testSite(t)
	ctx, stop := context.WithCancel(context.Background())
	addr, done := make(chan string, 1), make(chan error, 1)
	go func() {
		done <- serve.ListenAndServe(ctx, "127.0.0.1:0", serve.Handler(dist), func(a string) { addr <- a })
	}()
	defer func() { stop(); <-done }()
	checkHost(t, "http://"+<-addr, dist)
}

func TestNginxRecipe(t *testing.T) {
	dist, tmp, port, conf := example(t, "nginx", "nginx", "/etc/nginx/nivaran-redirects.map", "listen 80;", "listen 127.0.0.1:%d;")
	user := ""
	if os.Geteuid() == 0 { // nginx's workers would drop to nobody, who cannot read a test's folders
		user = "user root root;"
	}
	main := fmt.Sprintf(`%s
daemon off;
worker_processes 1;
pid %[2]s/nginx.pid;
error_log %[2]s/error.log;
events { worker_connections 64; }
http {
	include /etc/nginx/mime.types;
	default_type application/octet-stream;
	access_log off;
	client_body_temp_path %[2]s/body;
	proxy_temp_path %[2]s/proxy;
	fastcgi_temp_path %[2]s/fastcgi;
	uwsgi_temp_path %[2]s/uwsgi;
	scgi_temp_path %[2]s/scgi;
%s
}
`, user, tmp, conf)
	write(t, filepath.Join(tmp, "nginx.conf"), main)
	start(t, port, filepath.Join(tmp, "error.log"), "nginx", "-p", tmp, "-e", filepath.Join(tmp, "error.log"), "-c", filepath.Join(tmp, "nginx.conf"))
	checkHost(t, fmt.Sprintf("http://127.0.0.1:%d", port), dist)
}

func TestCaddyRecipe(t *testing.T) {
	dist, tmp, port, conf := example(t, "caddy", "Caddy", "/etc/caddy/nivaran-redirects.caddy", "nivaran.example {", "http://127.0.0.1:%d {")
	// Global options for a test: no admin endpoint, no certificates, state in tmp.
	write(t, filepath.Join(tmp, "Caddyfile"), "{\n\tadmin off\n\tauto_https off\n}\n\n"+conf)
	cmd := []string{"caddy", "run", "--adapter", "caddyfile", "--config", filepath.Join(tmp, "Caddyfile")}
	t.Setenv("HOME", tmp)
	t.Setenv("XDG_DATA_HOME", tmp)
	t.Setenv("XDG_CONFIG_HOME", tmp)
	start(t, port, "", cmd...)
	checkHost(t, fmt.Sprintf("http://127.0.0.1:%d", port), dist)
}

// example prepares the recipe for the server bin (section "### heading"
// of the guide, a ```sh block that makes the redirects file and a config
// block in lang named after bin): a test site, the redirects file made by
// the recipe's command, and the config with its paths and its address
// (replaced by listen, given a free port) made the test's. It skips when bin is not installed.
func example(t *testing.T, bin, heading, redirects, address, listen string) (dist, tmp string, port int, conf string) {
	t.Helper()
	if _, err := exec.LookPath(bin); err != nil {
		t.Skipf("%s is not installed (apt-get install %s): the %s recipe in %s is not tested", bin, bin, heading, guide)
	}
	sh, conf := recipeBlocks(t, heading, bin)
	dist, tmp, port = testSite(t), t.TempDir(), freePort(t)
	paths := []string{"/srv/nivaran/dist", dist, redirects, filepath.Join(tmp, "redirects")}
	run(t, replace(t, sh, paths...))
	return dist, tmp, port, replace(t, conf, append(paths, address, fmt.Sprintf(listen, port))...)
}

// guide holds the recipes, from the repository root.
const guide = "docs/deploying.md"

// recipeBlocks are the ```sh and ```<lang> blocks of the guide's "### <heading>" section.
func recipeBlocks(t *testing.T, heading, lang string) (sh, conf string) {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(gt.Root(t), guide))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "\n### "+heading+"\n")
	if !ok {
		t.Fatalf("%s has no ### %s section", guide, heading)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	section, _, _ = strings.Cut(section, "\n### ")
	block := func(l string) string {
		_, rest, ok := strings.Cut(section, "\n```"+l+"\n")
		if !ok {
			t.Fatalf("%s ### %s has no ```%s block", guide, heading, l)
		}
		code, _, _ := strings.Cut(rest, "\n```\n")
		return code
	}
	return block("sh"), block(lang)
}

// replace substitutes each old with its new, failing if the recipe no
// longer has it (the test would otherwise quietly test something else).
func replace(t *testing.T, s string, pairs ...string) string {
	t.Helper()
	for i := 0; i+1 < len(pairs); i += 2 {
		if !strings.Contains(s, pairs[i]) {
			t.Fatalf("the recipe in %s lost %q", guide, pairs[i])
		}
		s = strings.ReplaceAll(s, pairs[i], pairs[i+1])
	}
	return s
}

func run(t *testing.T, script string) {
	t.Helper()
	if out, err := exec.Command("sh", "-c", script).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", script, err, out)
	}
}

func write(t *testing.T, name, data string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
}

func freePort(t *testing.T) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// start runs a server in the foreground until the test ends (stopped by its
// PID) and waits until it accepts connections on port.
func start(t *testing.T, port int, logFile string, argv ...string) {
	t.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	var waitErr error
	go func() { waitErr = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
	})
	deadline := time.Now().Add(15 * time.Second)
	for {
		select {
		case <-exited:
			log, _ := os.ReadFile(logFile)
			t.Fatalf("%s exited: %v\n%s%s", argv[0], waitErr, out.String(), log)
		default:
		}
		if c, err := net.Dial("tcp", fmt.Sprintf("127.0.0.1:%d", port)); err == nil {
			c.Close()
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s did not start:\n%s", argv[0], out.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}
