// Command magazine builds, checks and serves Nivaran Magazine.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"sync"
	"syscall"
	"time"

	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/pipeline"
	"github.com/nivaran/magazine/generator/server/serve"
	"github.com/spf13/cobra"
)

func main() {
	root := &cobra.Command{
		Use:           "magazine",
		Short:         "Build, check and serve Nivaran Magazine",
		SilenceUsage:  true,
		SilenceErrors: true,
		// MAGAZINE_BASE_URL, MAGAZINE_ADDR and DATABASE_URL fill flags the
		// command line leaves out.
		PersistentPreRunE: fromEnv,
	}
	root.AddCommand(buildCmd(), checkCmd(), serveCmd(), devCmd(), newCmd(), leadsCmd(), versionCmd())
	if err := root.Execute(); err != nil {
		fmt.Fprintln(os.Stderr, report(err))
		os.Exit(1)
	}
}

// report prints content problems one per line, and other errors as they are.
func report(err error) string {
	if l, ok := pipeline.Diagnostics(err); ok {
		return fmt.Sprintf("%s\n%d problem(s) found; nothing was written.", l.Error(), len(l))
	}
	return "error: " + err.Error()
}

func buildFlags(c *cobra.Command, o *pipeline.Options) {
	c.Flags().StringVar(&o.Stories, "stories", "", "folder of story files (default stories)")
	c.Flags().Var(configFlag{o}, "config", "site config file (default site.yaml); given again, an overlay whose keys override it")
	c.Flags().StringVar(&o.Cache, "cache-dir", "", "the build's own folder: caches, lock and the previous build kept for the next (default .cache beside the config)")
}

func buildCmd() *cobra.Command {
	var o pipeline.Options
	c := &cobra.Command{
		Use:   "build",
		Short: "Build the magazine into dist/",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.Progress = progress(c.ErrOrStderr())
			o.Yield = true
			tuneGC(o, func(n int) int64 { return pipeline.MemoryLimit(n) + pipeline.CacheMemory(o) })
			res, err := pipeline.Run(o)
			if err != nil {
				return err
			}
			fmt.Fprint(c.OutOrStdout(), pipeline.Report(res, o.Out))
			return nil
		},
	}
	buildFlags(c, &o)
	c.Flags().StringVar(&o.Out, "out", "", "output folder (default dist)")
	c.Flags().StringVar(&o.BaseURL, "base-url", "", "absolute site URL for canonical links (overrides site.yaml; env MAGAZINE_BASE_URL)")
	c.Flags().IntVar(&o.Workers, "workers", 0, "Node render workers (0: one per two CPUs, one for fewer than 100 stories)")
	c.Flags().BoolVar(&o.Clean, "clean", false, "ignore the previous build and write every file afresh")
	c.Flags().BoolVar(&o.NoLinkCheck, "no-link-check", false, "skip checking internal links")
	c.Flags().BoolVar(&o.Drafts, "drafts", false, "publish draft stories too (marked as drafts)")
	c.Flags().BoolVar(&o.Future, "future", false, "publish stories dated in the future too")
	return c
}

// tuneGC sets Go's garbage collection for building the site (pipeline.TuneGC),
// with the memory limit for its stories.
func tuneGC(o pipeline.Options, limit func(stories int) int64) {
	dir := o.Stories
	if dir == "" {
		dir = "stories"
	}
	pipeline.TuneGC(limit(story.Count(dir)))
}

// progress shows pages rendered on a terminal; in CI logs (not a terminal)
// only the summary is printed.
func progress(w io.Writer) func(done, total int) {
	f, ok := w.(*os.File)
	if !ok {
		return nil
	}
	if fi, err := f.Stat(); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil
	}
	var mu sync.Mutex
	last := time.Time{}
	return func(done, total int) {
		mu.Lock()
		defer mu.Unlock()
		if done < total && time.Since(last) < 100*time.Millisecond {
			return
		}
		last = time.Now()
		fmt.Fprintf(f, "\rRendering pages: %d/%d", done, total)
		if done == total {
			fmt.Fprint(f, "\r\033[K")
		}
	}
}

func checkCmd() *cobra.Command {
	var o pipeline.Options
	c := &cobra.Command{
		Use:   "check",
		Short: "Find every problem a build would, and spelling mistakes, without writing dist/",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			o.Yield = true
			tuneGC(o, pipeline.CheckMemoryLimit) // it decodes the pictures as a build does
			res, err := pipeline.Check(o)
			if err != nil {
				return err
			}
			if res.Note != "" {
				fmt.Fprintln(c.ErrOrStderr(), res.Note)
			}
			fmt.Fprintf(c.OutOrStdout(), "%d stories checked, no problems found.\n", res.Stories)
			return nil
		},
	}
	buildFlags(c, &o)
	c.Flags().StringVar(&o.Out, "out", "", "output folder whose last build is compared with (default dist)")
	c.Flags().StringVar(&o.BaseURL, "base-url", "", "absolute site URL (overrides site.yaml)")
	c.Flags().BoolVar(&o.NoLinkCheck, "no-link-check", false, "skip checking internal links")
	c.Flags().BoolVar(&o.NoSpelling, "no-spelling", false, "skip the spelling pass")
	// As build takes them, so that check finds what build --drafts would (a draft's links).
	c.Flags().BoolVar(&o.Drafts, "drafts", false, "check draft stories as build --drafts publishes them")
	c.Flags().BoolVar(&o.Future, "future", false, "check future-dated stories as build --future publishes them")
	return c
}

func serveCmd() *cobra.Command {
	var dir, addr, baseURL, config, accessLog string
	var perClient int
	var fc collectorFlags
	c := &cobra.Command{
		Use:   "serve",
		Short: "Serve a built dist/ like a static host, with the built-in form collector",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			switch fi, err := os.Stat(dir); {
			case err != nil:
				return fmt.Errorf("%s does not exist: run 'magazine build' first", dir)
			case !fi.IsDir():
				return fmt.Errorf("%s is a file: --dir names the folder a build made (dist)", dir)
			}
			if _, err := os.Stat(filepath.Join(dir, "index.html")); err != nil {
				return fmt.Errorf("%s holds no index.html: is it a build? run 'magazine build' first", dir)
			}
			if perClient < 0 {
				return fmt.Errorf("--max-conns-per-client %d: cannot be negative (0 turns the cap off)", perClient)
			}
			var logTo io.Writer
			if accessLog != "" {
				w, closeLog, err := openAccessLog(accessLog, c.OutOrStdout())
				if err != nil {
					return err
				}
				defer closeLog()
				logTo = w
			}
			trusted, base, err := siteURL(baseURL, config, c.ErrOrStderr())
			if err != nil {
				return err
			}
			mux, store, err := withForms(fc, trusted, base, serve.HandlerAt(dir, base))
			if err != nil {
				return err
			}
			defer store.Close()
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			lim := serve.DefaultLimits()
			lim.MaxConnsPerClient = perClient
			if fc.opt.TrustForwardedFor && !c.Flags().Changed("max-conns-per-client") {
				lim.MaxConnsPerClient = 0 // every connection is the proxy's
			}
			return serve.ListenAndServeLimits(ctx, addr, logged(mux, logTo, fc), lim, func(a string) {
				fmt.Fprintf(c.OutOrStdout(), "Serving %s at http://%s%s (leads are kept in %s; Ctrl+C to stop)\n", dir, a, slashed(base), store)
			})
		},
	}
	c.Flags().StringVar(&dir, "dir", "dist", "folder to serve")
	c.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (env MAGAZINE_ADDR)")
	c.Flags().StringVar(&baseURL, "base-url", "", "the site's public URL, trusted as the origin of form posts; the site is served below its path (default: baseURL in --config; env MAGAZINE_BASE_URL)")
	c.Flags().StringVar(&config, "config", "site.yaml", "site config to read the base URL from, if present")
	c.Flags().IntVar(&perClient, "max-conns-per-client", serve.DefaultLimits().MaxConnsPerClient,
		"connections one address may hold of the 1,024 served at once (0: no cap, as behind a proxy: off with --trust-proxy unless given)")
	c.Flags().StringVar(&accessLog, "access-log", "", "log every request (combined log format, never form bodies) to this file, or - for standard output")
	fc.add(c)
	return c
}

// slashed is a base path as the address of the site's home: "/magazine/",
// and "" at the root (the address printed then ends at the port).
func slashed(base string) string {
	if base == "" {
		return ""
	}
	return base + "/"
}
