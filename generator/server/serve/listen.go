package serve

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync"
	"time"

	"golang.org/x/net/netutil"
)

// Limits protect the server from clients that connect and hold on: slow
// headers, slow bodies, responses nobody reads, idle keep-alive
// connections, and too many connections at once.
type Limits struct {
	ReadHeaderTimeout time.Duration // to send the request line and headers
	ReadTimeout       time.Duration // to send the whole request, body included
	WriteTimeout      time.Duration // to take each 64 KiB of a response (paced)
	IdleTimeout       time.Duration // between requests on a keep-alive connection
	MaxConns          int           // connections served at once; more wait to be accepted
	// MaxConnsPerClient caps one address's open connections, so that one
	// client cannot hold all of MaxConns; more from it are closed at once.
	// 0 for none: behind a proxy, every connection is the proxy's.
	MaxConnsPerClient int
	MaxHeaderBytes    int
}

// DefaultLimits suit a public site: a form's body is a few hundred bytes,
// the largest picture a few hundred kilobytes.
func DefaultLimits() Limits {
	return Limits{
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       20 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       30 * time.Second,
		MaxConns:          1024,
		MaxConnsPerClient: 256, // a browser opens 6; many readers may share one address (a carrier's NAT)
		MaxHeaderBytes:    64 << 10,
	}
}

// ListenAndServe serves h on addr with DefaultLimits until ctx is
// cancelled, then shuts down gracefully, letting requests in flight finish.
func ListenAndServe(ctx context.Context, addr string, h http.Handler, ready func(addr string)) error {
	return ListenAndServeLimits(ctx, addr, h, DefaultLimits(), ready)
}

// ListenAndServeLimits is ListenAndServe with the given limits. A handler
// that streams for long (the dev server's events) lifts its own deadlines
// with http.ResponseController.
func ListenAndServeLimits(ctx context.Context, addr string, h http.Handler, lim Limits, ready func(addr string)) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return ServeLimits(ctx, ln, h, lim, ready)
}

// Serve is ListenAndServe on a listener already open (magazine dev opens
// its address before the first build, so a taken one fails at once).
func Serve(ctx context.Context, ln net.Listener, h http.Handler, ready func(addr string)) error {
	return ServeLimits(ctx, ln, h, DefaultLimits(), ready)
}

// ServeLimits is Serve with the given limits; it closes ln.
func ServeLimits(ctx context.Context, ln net.Listener, h http.Handler, lim Limits, ready func(addr string)) error {
	// Requests inherit ctx, so long-lived ones (the dev server's event
	// stream) end when the server is asked to stop.
	if lim.WriteTimeout > 0 {
		h = paced(h, lim.WriteTimeout)
	}
	srv := &http.Server{Addr: ln.Addr().String(), Handler: h,
		ReadHeaderTimeout: lim.ReadHeaderTimeout, ReadTimeout: lim.ReadTimeout,
		WriteTimeout: lim.WriteTimeout, IdleTimeout: lim.IdleTimeout, MaxHeaderBytes: lim.MaxHeaderBytes,
		BaseContext: func(net.Listener) context.Context { return ctx }}
	if ready != nil {
		ready(ln.Addr().String())
	}
	if lim.MaxConnsPerClient > 0 {
		ln = &perClient{Listener: ln, max: lim.MaxConnsPerClient, open: map[string]int{}}
	}
	if lim.MaxConns > 0 {
		// More connections wait in the kernel's queue until one closes.
		ln = netutil.LimitListener(ln, lim.MaxConns)
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		err := srv.Shutdown(sctx)
		if e := <-errc; err == nil && !errors.Is(e, http.ErrServerClosed) {
			err = e
		}
		return err
	}
}

// perClient closes a connection at once when its address already has max
// open: one client holding every connection would keep all others (and
// /healthz) waiting.
type perClient struct {
	net.Listener
	max  int
	mu   sync.Mutex
	open map[string]int // by address, without the port
}

func (l *perClient) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		host := c.RemoteAddr().String()
		if h, _, err := net.SplitHostPort(host); err == nil {
			host = h
		}
		l.mu.Lock()
		full := l.open[host] >= l.max
		if !full {
			l.open[host]++
		}
		l.mu.Unlock()
		if full {
			c.Close()
			continue
		}
		return &clientConn{Conn: c, done: func() { l.release(host) }}, nil
	}
}

func (l *perClient) release(host string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[host]--; l.open[host] <= 0 {
		delete(l.open, host)
	}
}

// clientConn gives its address's place back when closed, once.
type clientConn struct {
	net.Conn
	once sync.Once
	done func()
}

func (c *clientConn) Close() error {
	c.once.Do(c.done)
	return c.Conn.Close()
}
