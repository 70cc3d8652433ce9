package serve

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"
)

// start serves h with lim on a free port until the test ends.
func start(t *testing.T, h http.Handler, lim Limits) string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	addr := make(chan string, 1)
	done := make(chan error, 1)
	go func() { done <- ListenAndServeLimits(ctx, "127.0.0.1:0", h, lim, func(a string) { addr <- a }) }()
	t.Cleanup(func() {
		cancel()
		<-done
	})
	return <-addr
}

func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// closedWithin reports whether the server closes c within d (reads until EOF).
func closedWithin(c net.Conn, d time.Duration) bool {
	c.SetReadDeadline(time.Now().Add(d))
	_, err := io.Copy(io.Discard, c)
	var ne net.Error
	return !(errors.As(err, &ne) && ne.Timeout())
}

// Generous bounds: the limits are short, the waits long, so a busy machine
// cannot make these fail.
const short, patience = 300 * time.Millisecond, 10 * time.Second

func TestDefaultLimitsAreSet(t *testing.T) {
	t.Parallel()
	l := DefaultLimits()
	if l.ReadHeaderTimeout <= 0 || l.ReadTimeout <= 0 || l.WriteTimeout <= 0 || l.IdleTimeout <= 0 || l.MaxConns <= 0 {
		t.Fatalf("every limit needs a value: %+v", l)
	}
	if l.IdleTimeout > 30*time.Second || l.ReadTimeout > 30*time.Second {
		t.Errorf("idle keep-alive connections and slow bodies are held too long: %+v", l)
	}
}

func TestIdleConnectionIsClosed(t *testing.T) {
	t.Parallel()
	addr := start(t, Handler(site(t)), Limits{IdleTimeout: short})
	c := dial(t, addr)
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	br := bufio.NewReader(c)
	res, err := http.ReadResponse(br, nil)
	if err != nil || res.StatusCode != 200 {
		t.Fatal(err)
	}
	io.Copy(io.Discard, res.Body)
	t0 := time.Now()
	c.SetReadDeadline(time.Now().Add(patience))
	if _, err := br.ReadByte(); err != io.EOF {
		t.Fatalf("idle connection not closed: %v", err)
	}
	if d := time.Since(t0); d > patience/2 {
		t.Errorf("closed after %s", d)
	}
}

func TestSlowHeadersAreCut(t *testing.T) {
	t.Parallel()
	addr := start(t, Handler(site(t)), Limits{ReadHeaderTimeout: short})
	c := dial(t, addr)
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n") // and never the blank line
	if !closedWithin(c, patience) {
		t.Error("a request whose headers never end holds its connection")
	}
}

// A body trickling in (a byte at a time) is cut off; a form posted at a
// normal pace still goes through the same server.
func TestSlowBodyIsCutFormsStillWork(t *testing.T) {
	t.Parallel()
	got := make(chan error, 4)
	mux := http.NewServeMux()
	mux.HandleFunc("/api/forms/", func(w http.ResponseWriter, r *http.Request) {
		b, err := io.ReadAll(r.Body)
		got <- err
		if err == nil {
			io.WriteString(w, `{"ok":true,"len":`+strconv.Itoa(len(b))+`}`)
		}
	})
	mux.Handle("/", Handler(site(t)))
	addr := start(t, mux, Limits{ReadHeaderTimeout: short, ReadTimeout: 2 * short})

	res, err := http.Post("http://"+addr+"/api/forms/newsletter", "application/json", strings.NewReader(`{"email":"a@b.example"}`))
	if err != nil || res.StatusCode != 200 || !strings.Contains(body(res), `"len":23`) {
		t.Fatalf("form post: %v", err)
	}
	<-got

	c := dial(t, addr)
	io.WriteString(c, "POST /api/forms/newsletter HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n")
	stop := time.After(patience)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for sent := 0; sent < 100; sent++ {
		select {
		case err := <-got:
			if err == nil {
				t.Fatal("the trickled body was read whole")
			}
			return // cut off, as it should be
		case <-stop:
			t.Fatal("a trickling body is still being read")
		case <-tick.C:
			if _, err := c.Write([]byte("x")); err != nil {
				return // the server closed the connection
			}
		}
	}
	t.Fatal("the whole trickled body was accepted")
}

// A client that stops reading does not hold the server's writer.
func TestUnreadResponseIsCut(t *testing.T) {
	t.Parallel()
	failed := make(chan error, 1)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		chunk := make([]byte, 1<<20)
		for range 256 {
			if _, err := w.Write(chunk); err != nil {
				failed <- err
				return
			}
		}
		failed <- nil
	})
	addr := start(t, h, Limits{WriteTimeout: short})
	c := dial(t, addr)
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n") // and read nothing
	select {
	case err := <-failed:
		if err == nil {
			t.Error("256 MiB were written to a client that read nothing")
		}
	case <-time.After(patience):
		t.Error("the writer is still waiting on a client that reads nothing")
	}
}

// A client reading a large response slowly, but steadily, gets all of it,
// though it takes many times the write timeout.
func TestSlowReaderGetsTheWholeResponse(t *testing.T) {
	t.Parallel()
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write(make([]byte, 8<<20)) })
	timeout := 500 * time.Millisecond
	got, took := readSlowly(t, h, timeout, 10*time.Millisecond, 0)
	if got != 8<<20 || took < 2*timeout {
		t.Errorf("%d of %d bytes in %s (the test needs a read slower than %s)", got, 8<<20, took, 2*timeout)
	}
}

// A handler that sets its own write deadline keeps it: pacing does not
// put the server's back on each write.
func TestHandlerKeepsItsOwnDeadline(t *testing.T) {
	t.Parallel()
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.NewResponseController(w).SetWriteDeadline(time.Time{})
		w.Write(make([]byte, 8<<20))
	})
	if got, _ := readSlowly(t, h, 100*time.Millisecond, 0, 400*time.Millisecond); got != 8<<20 {
		t.Errorf("%d of %d bytes: the handler's own deadline was overridden", got, 8<<20)
	}
}

// readSlowly asks h for / with the given write timeout, reading 64 KiB at
// a time with every pause between reads, and once pause after the first
// MiB; it returns the bytes read and the time taken.
func readSlowly(t *testing.T, h http.Handler, timeout, every, pause time.Duration) (int, time.Duration) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- ServeLimits(ctx, smallBuffers{ln}, h, Limits{WriteTimeout: timeout}, nil) }()
	t.Cleanup(func() { cancel(); <-done })
	c := dial(t, ln.Addr().String()).(*net.TCPConn)
	c.SetReadBuffer(256 << 10)
	io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	begin := time.Now()
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatal(err)
	}
	got, buf := 0, make([]byte, 64<<10)
	for {
		n, err := res.Body.Read(buf)
		if got < 1<<20 && got+n >= 1<<20 {
			time.Sleep(pause)
		}
		got += n
		if err != nil {
			break
		}
		time.Sleep(every)
	}
	return got, time.Since(begin)
}

// smallBuffers gives each connection a small send buffer, so that what the
// server writes waits on the reader rather than in the kernel.
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetWriteBuffer(32 << 10)
	}
	return c, err
}

func TestConnectionCap(t *testing.T) {
	t.Parallel()
	addr := start(t, Handler(site(t)), Limits{MaxConns: 2, IdleTimeout: time.Minute})
	held := []net.Conn{dial(t, addr), dial(t, addr)}
	for _, c := range held {
		io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
		if res, err := http.ReadResponse(bufio.NewReader(c), nil); err != nil || res.StatusCode != 200 {
			t.Fatal(err)
		}
	}
	third := dial(t, addr)
	io.WriteString(third, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
	br := bufio.NewReader(third)
	third.SetReadDeadline(time.Now().Add(short))
	if _, err := br.ReadByte(); err == nil {
		t.Fatal("a third connection was served past a cap of 2")
	}
	held[0].Close()
	third.SetReadDeadline(time.Now().Add(patience))
	if res, err := http.ReadResponse(br, nil); err != nil || res.StatusCode != 200 {
		t.Fatalf("the waiting connection was not served once a place was free: %v", err)
	}
}

// One address may not hold every connection: past its share, its new
// connections are closed at once, while another address is still served,
// and a closed connection gives its place back.
func TestConnectionCapPerClient(t *testing.T) {
	t.Parallel()
	addr := start(t, Handler(site(t)), Limits{MaxConns: 8, MaxConnsPerClient: 2, IdleTimeout: time.Minute})
	get := func(c net.Conn) error {
		c.SetDeadline(time.Now().Add(patience))
		io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
		res, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err == nil && res.StatusCode != 200 {
			err = errors.New(res.Status)
		}
		return err
	}
	held := []net.Conn{dial(t, addr), dial(t, addr)}
	for _, c := range held {
		if err := get(c); err != nil {
			t.Fatal(err)
		}
	}
	if third := dial(t, addr); get(third) == nil {
		t.Fatal("a third connection from one address was served past its cap of 2")
	}
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.2")}}
	other, err := d.Dial("tcp", addr)
	if err != nil {
		t.Skipf("no second loopback address here: %v", err)
	}
	defer other.Close()
	if err := get(other); err != nil {
		t.Errorf("another address was refused: %v", err)
	}
	held[0].Close()
	// The server learns of the close when it next reads that connection.
	deadline := time.Now().Add(patience)
	for {
		if err := get(dial(t, addr)); err == nil {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("a closed connection's place was not given back: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
