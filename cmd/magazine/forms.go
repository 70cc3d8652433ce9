package main

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"time"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/pipeline"
	"github.com/nivaran/magazine/generator/server/forms"
	"github.com/nivaran/magazine/generator/server/serve"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// envFlags are the environment variables that stand in for flags a command
// line leaves out; a flag given on the command line wins.
var envFlags = map[string]string{
	"base-url": "MAGAZINE_BASE_URL",
	"addr":     "MAGAZINE_ADDR",
	"database": "DATABASE_URL",
}

// fromEnv sets every unset flag of c that has an environment variable.
func fromEnv(c *cobra.Command, _ []string) error {
	var err error
	c.Flags().VisitAll(func(f *pflag.Flag) {
		env, ok := envFlags[f.Name]
		if v := os.Getenv(env); ok && !f.Changed && v != "" && err == nil {
			if e := f.Value.Set(v); e != nil {
				err = fmt.Errorf("%s=%q: %v", env, v, e)
			}
		}
	})
	return err
}

// configFlag is --config: the first use names the site config, each further
// use an overlay whose keys override it (site.LoadFiles).
type configFlag struct{ o *pipeline.Options }

func (f configFlag) String() string { return f.o.Config }
func (f configFlag) Type() string   { return "file" }
func (f configFlag) Set(v string) error {
	if f.o.Config == "" {
		f.o.Config = v
	} else {
		f.o.Overlays = append(f.o.Overlays, v)
	}
	return nil
}

// collectorFlags are the form collector's settings on `serve` and `dev`.
type collectorFlags struct {
	data, database string
	opt            forms.Options
}

func (f *collectorFlags) add(c *cobra.Command) {
	c.Flags().StringVar(&f.data, "data", "data", "folder for the SQLite leads database, when no --database is given")
	c.Flags().StringVar(&f.database, "database", "", "PostgreSQL URL for the leads, postgres://user:pass@host/db (env DATABASE_URL)")
	c.Flags().Float64Var(&f.opt.PerMinute, "forms-per-minute", 10, "form submissions a client may make a minute once its burst is spent (0: no limit)")
	c.Flags().IntVar(&f.opt.Burst, "forms-burst", 5, "form submissions a client may make back to back")
	c.Flags().BoolVar(&f.opt.TrustForwardedFor, "trust-proxy", false,
		"take the client's address from X-Forwarded-For (only behind a proxy or load balancer that sets it)")
}

// withForms opens the leads store and puts the collector in front of a site
// handler, below the site's base path (the forms post to base+/api/forms/).
// trusted is the site's own origin (its base URL), if known.
func withForms(f collectorFlags, trusted, base string, siteHandler http.Handler) (http.Handler, *forms.Store, error) {
	opt := f.opt
	if opt.PerMinute < 0 || opt.Burst < 0 {
		return nil, nil, fmt.Errorf("--forms-per-minute and --forms-burst cannot be negative (--forms-per-minute 0 turns the limit off)")
	}
	if opt.PerMinute == 0 {
		opt.PerMinute = -1 // the flag's 0 means no limit
	}
	if trusted != "" {
		u, err := url.Parse(trusted)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, nil, fmt.Errorf("base URL %q must be an absolute http(s) URL", trusted)
		}
		opt.TrustedOrigins = []string{u.Scheme + "://" + u.Host}
	}
	store, err := forms.OpenStore(f.database, f.data)
	if err != nil {
		return nil, nil, err
	}
	site := serve.Mount(siteHandler, base+forms.Prefix, serve.Below(base, forms.Handler(store, opt)))
	return serve.Health(site, base, store.Check), store, nil
}

// siteURL is the site's URL for `magazine serve`: --base-url, or the
// baseURL of the site config when there is one (a problem with it is only
// reported). Its origin is trusted for form posts besides the request's
// own Host, and the site is served below its path, base, as it was built.
func siteURL(baseURL, config string, warn io.Writer) (url, base string, err error) {
	if baseURL != "" {
		var cfg site.Config
		if err := cfg.SetBaseURL(baseURL); err != nil {
			return "", "", err
		}
		return baseURL, cfg.BasePath, nil
	}
	if _, err := os.Stat(config); err != nil {
		return "", "", nil
	}
	cfg, err := site.Load(config, time.Now())
	if err != nil {
		fmt.Fprintf(warn, "note: %v\nForm posts are trusted from this server's own address only, and the site is served at the root.\n", err)
		return "", "", nil
	}
	return cfg.BaseURL, cfg.BasePath, nil
}

// openAccessLog opens --access-log: "-" is standard output (the journal,
// under systemd), anything else a file appended to, readable by its owner
// and group only (it holds readers' addresses).
func openAccessLog(name string, stdout io.Writer) (io.Writer, func() error, error) {
	if name == "-" {
		return stdout, func() error { return nil }, nil
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o640)
	if err != nil {
		return nil, nil, fmt.Errorf("--access-log: %w", err)
	}
	return f, f.Close, nil
}

// logged puts the access log, if any, in front of h.
func logged(h http.Handler, w io.Writer, f collectorFlags) http.Handler {
	if w == nil {
		return h
	}
	trust := f.opt.TrustForwardedFor
	return serve.AccessLog(h, w, func(r *http.Request) string { return forms.ClientAddr(r, trust) })
}
