// Package pgtest gives tests a real PostgreSQL: the server from Debian's
// postgresql package, initialised in a private temporary folder and listening
// on a free port of 127.0.0.1, started once per test binary and stopped by it.
// Every URL call gets a fresh, empty schema of its own (the URL sets the
// search_path), which is as good as a new database for the code under test
// and a hundred times quicker to make.
//
// Tests are skipped, saying why, only when the server binaries are absent.
// PostgreSQL refuses to run as root, so a test run as root runs it as the
// user nobody.
package pgtest

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/nivaran/magazine/generator/testkit/ramtmp"
)

var (
	once     sync.Once
	running  *server
	startErr error
	missing  string // why PostgreSQL tests are skipped, when they are
)

type server struct {
	cmd  *exec.Cmd
	dir  string
	port int
	log  *bytes.Buffer
	n    atomic.Int64
	done chan struct{}
}

// Main runs a package's tests (with their temporary folders in memory:
// ramtmp) and then stops the server, if one was started:
// call it from TestMain.
func Main(m *testing.M) {
	os.Exit(ramtmp.Run(m, Stop))
}

// URL returns a postgres:// URL whose tables are new and empty. It skips t
// under -short and when PostgreSQL is not installed, and fails it when the
// server cannot start.
func URL(t testing.TB) string {
	t.Helper()
	if testing.Short() {
		t.Skip("starts PostgreSQL: run without -short")
	}
	once.Do(start)
	if missing != "" {
		t.Skip(missing)
	}
	if startErr != nil {
		t.Fatal(startErr)
	}
	name := fmt.Sprintf("test%d", running.n.Add(1))
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, running.url(""))
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+name); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	return running.url(name)
}

// url is the test database with schema as the search path.
func (s *server) url(schema string) string {
	u := fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", s.port)
	if schema != "" {
		u += "&search_path=" + schema
	}
	return u
}

// Bin is the folder of the PostgreSQL server binaries: $PG_BIN, or the
// newest /usr/lib/postgresql/*/bin. "" when there is none.
func Bin() string {
	if b := os.Getenv("PG_BIN"); b != "" {
		return b
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "postgres")); err == nil {
			return d
		}
	}
	return ""
}

func version(binDir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return v
}

func start() {
	bin := Bin()
	if bin == "" {
		missing = "PostgreSQL is not installed (apt-get install postgresql, or set PG_BIN): skipping the tests against it"
		return
	}
	s, err := launch(bin)
	if err != nil {
		startErr = fmt.Errorf("pgtest: starting PostgreSQL from %s: %w", bin, err)
		return
	}
	running = s
}

func launch(bin string) (*server, error) {
	dir, err := os.MkdirTemp("", "pgtest-")
	if err != nil {
		return nil, err
	}
	s := &server{dir: dir, log: &bytes.Buffer{}, done: make(chan struct{})}
	ok := false
	defer func() {
		if !ok {
			os.RemoveAll(dir)
		}
	}()
	cred, err := credential(dir)
	if err != nil {
		return nil, err
	}
	data := filepath.Join(dir, "data")
	initdb := exec.Command(filepath.Join(bin, "initdb"), "-D", data, "-U", "postgres", "-A", "trust",
		"-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions")
	initdb.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	initdb.Env = env(dir)
	if out, err := initdb.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("initdb: %v\n%s", err, out)
	}
	if s.port, err = freePort(); err != nil {
		return nil, err
	}
	s.cmd = exec.Command(filepath.Join(bin, "postgres"), "-D", data, "-p", strconv.Itoa(s.port), "-k", dir,
		"-c", "listen_addresses=127.0.0.1", "-c", "max_connections=200", "-c", "shared_buffers=16MB",
		// The tests kill clients, never this server, so its own fsyncs only
		// cost time (each CREATE DATABASE would flush a whole database).
		"-c", "fsync=off", "-c", "full_page_writes=off")
	// Should the test binary die without stopping it, the kernel tells the
	// server to shut down at once (SIGQUIT).
	s.cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGQUIT}
	s.cmd.Env = env(dir)
	s.cmd.Stdout, s.cmd.Stderr = s.log, s.log
	if err := s.cmd.Start(); err != nil {
		return nil, err
	}
	go func() { s.cmd.Wait(); close(s.done) }()
	deadline := time.Now().Add(60 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		conn, err := pgx.Connect(ctx, s.url(""))
		cancel()
		if err == nil {
			conn.Close(context.Background())
			break
		}
		select {
		case <-s.done:
			return nil, fmt.Errorf("postgres exited: %s", s.log)
		default:
		}
		if time.Now().After(deadline) {
			s.stop()
			return nil, fmt.Errorf("postgres did not accept connections in 60 s: %v\n%s", err, s.log)
		}
		time.Sleep(50 * time.Millisecond)
	}
	ok = true
	return s, nil
}

// credential is who runs PostgreSQL: nobody when we are root (initdb and
// postgres refuse root), otherwise ourselves. The folder is handed over to
// that user.
func credential(dir string) (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("nobody")
	if err != nil {
		return nil, fmt.Errorf("running as root, and no user nobody to run PostgreSQL as: %w", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if err := os.Chown(dir, uid, gid); err != nil {
		return nil, err
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid), NoSetGroups: true}, nil
}

func env(dir string) []string {
	return []string{"PATH=/usr/bin:/bin", "HOME=" + dir, "LC_ALL=C", "TZ=UTC"}
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// Stop shuts the server down (fast shutdown: sessions are ended) and
// removes its folder.
func Stop() {
	if running != nil {
		running.stop()
		os.RemoveAll(running.dir)
		running = nil
	}
}

func (s *server) stop() {
	s.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-s.done:
	case <-time.After(20 * time.Second):
		s.cmd.Process.Kill()
		<-s.done
	}
}
