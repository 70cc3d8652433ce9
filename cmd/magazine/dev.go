package main

import (
	"context"
	"fmt"
	"net"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/nivaran/magazine/generator/pipeline"
	"github.com/nivaran/magazine/generator/server/dev"
	"github.com/nivaran/magazine/generator/server/serve"
	"github.com/spf13/cobra"
)

func devCmd() *cobra.Command {
	var o pipeline.Options
	var addr string
	var fc collectorFlags
	c := &cobra.Command{
		Use:   "dev",
		Short: "Build, serve from memory, and rebuild and reload the browser on every change",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			// The address first: a taken one fails before a build of minutes.
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return err
			}
			defer ln.Close()
			tuneGC(o, pipeline.DevMemoryLimit)
			s, err := dev.New(o, c.ErrOrStderr())
			if err != nil {
				return err
			}
			defer s.Close()
			mux, store, err := withForms(fc, o.BaseURL, s.Base(), s.Handler())
			if err != nil {
				return err
			}
			defer store.Close()
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			// A save is often several writes within a few milliseconds.
			watching := make(chan struct{})
			go s.WatchFrom(ctx.Done(), 15*time.Millisecond, watching)
			<-watching // a save from the first page on is seen
			return serve.Serve(ctx, ln, mux, func(a string) {
				fmt.Fprintf(c.OutOrStdout(), "Writing mode: http://%s%s reloads as you save (Ctrl+C to stop)\n", a, slashed(s.Base()))
			})
		},
	}
	buildFlags(c, &o)
	c.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (env MAGAZINE_ADDR)")
	c.Flags().StringVar(&o.BaseURL, "base-url", "", "absolute site URL for canonical links (overrides site.yaml; env MAGAZINE_BASE_URL)")
	fc.add(c)
	// The writing loop shows what is not published yet, marked as such.
	c.Flags().BoolVar(&o.Drafts, "drafts", true, "show draft stories (marked as drafts)")
	c.Flags().BoolVar(&o.Future, "future", true, "show stories dated in the future (marked as scheduled)")
	return c
}
