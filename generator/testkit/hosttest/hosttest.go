// Package hosttest runs the web server recipes of docs/deploying.md as they
// are written, against the real servers from Debian (nginx, Caddy) started
// on 127.0.0.1 and stopped when the test ends.
package hosttest

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// Guide holds the recipes, from the repository root.
const Guide = "docs/deploying.md"

// Server is a recipe of the guide: the "### Heading" section with a ```sh
// block that makes the redirects file and a config block in lang.
type Server struct {
	Bin, Heading, Lang string
	Redirects          string // where the recipe puts the redirects file
	Address, Listen    string // the recipe's address, and the test's (a format taking the port)
}

var (
	Nginx = Server{Bin: "nginx", Heading: "nginx", Lang: "nginx", Redirects: "/etc/nginx/nivaran-redirects.map",
		Address: "listen 80;", Listen: "listen 127.0.0.1:%d;"}
	Caddy = Server{Bin: "caddy", Heading: "Caddy", Lang: "caddy", Redirects: "/etc/caddy/nivaran-redirects.caddy",
		Address: "nivaran.example {", Listen: "http://127.0.0.1:%d {"}
)

// Serve runs the recipe for the site in dist until the test ends and returns
// its base URL ("http://127.0.0.1:port"). The recipe's paths and address
// become the test's, then each old string of the pairs in more its new. It skips
// the test when the server is not installed.
func (s Server) Serve(t *testing.T, dist string, more ...string) string {
	t.Helper()
	if _, err := exec.LookPath(s.Bin); err != nil {
		t.Skipf("%s is not installed (apt-get install %s): the %s recipe in %s is not tested", s.Bin, s.Bin, s.Heading, Guide)
	}
	sh, conf := block(t, s.Heading, "sh"), block(t, s.Heading, s.Lang)
	tmp, port := t.TempDir(), freePort(t)
	paths := []string{"/srv/nivaran/dist", dist, s.Redirects, filepath.Join(tmp, "redirects")}
	run(t, replace(t, sh, paths...))
	conf = replace(t, conf, append(append(paths, s.Address, fmt.Sprintf(s.Listen, port)), more...)...)
	switch s.Bin {
	case "nginx":
		runNginx(t, tmp, port, conf)
	case "caddy":
		runCaddy(t, tmp, port, conf)
	default:
		t.Fatalf("no way to run %s", s.Bin)
	}
	return fmt.Sprintf("http://127.0.0.1:%d", port)
}

func runNginx(t *testing.T, tmp string, port int, conf string) {
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
	gt.Write(t, filepath.Join(tmp, "nginx.conf"), main)
	log := filepath.Join(tmp, "error.log")
	start(t, port, log, "nginx", "-p", tmp, "-e", log, "-c", filepath.Join(tmp, "nginx.conf"))
}

func runCaddy(t *testing.T, tmp string, port int, conf string) {
	// Global options for a test: no admin endpoint, no certificates, state in tmp.
	gt.Write(t, filepath.Join(tmp, "Caddyfile"), "{\n\tadmin off\n\tauto_https off\n}\n\n"+conf)
	t.Setenv("HOME", tmp)
	t.Setenv("XDG_DATA_HOME", tmp)
	t.Setenv("XDG_CONFIG_HOME", tmp)
	start(t, port, "", "caddy", "run", "--adapter", "caddyfile", "--config", filepath.Join(tmp, "Caddyfile"))
}

// block is the first ```lang block of the guide's "### heading" section.
func block(t testing.TB, heading, lang string) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join(gt.Root(t), Guide))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(doc), "\n### "+heading+"\n")
	if !ok {
		t.Fatalf("%s has no ### %s section", Guide, heading)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	section, _, _ = strings.Cut(section, "\n### ")
	_, rest, ok := strings.Cut(section, "\n```"+lang+"\n")
	if !ok {
		t.Fatalf("%s ### %s has no ```%s block", Guide, heading, lang)
	}
	code, _, _ := strings.Cut(rest, "\n```\n")
	return code
}

// replace substitutes each old with its new, failing if the recipe no
// longer has it (the test would otherwise quietly test something else).
func replace(t testing.TB, s string, pairs ...string) string {
	t.Helper()
	for i := 0; i+1 < len(pairs); i += 2 {
		if !strings.Contains(s, pairs[i]) {
			t.Fatalf("the recipe in %s lost %q", Guide, pairs[i])
		}
		s = strings.ReplaceAll(s, pairs[i], pairs[i+1])
	}
	return s
}

// run runs a shell script, failing the test if it fails.
func run(t testing.TB, script string) {
	t.Helper()
	if out, err := exec.Command("sh", "-c", script).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", script, err, out)
	}
}

// freePort is a port of 127.0.0.1 that was free a moment ago.
func freePort(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// start runs a server in the foreground until the test ends (stopped by its
// PID) and waits until it accepts connections on port; logFile, if any, is
// shown when it exits early.
func start(t testing.TB, port int, logFile string, argv ...string) {
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
