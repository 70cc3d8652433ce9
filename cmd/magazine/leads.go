package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/nivaran/magazine/generator/server/forms"
	"github.com/spf13/cobra"
)

func leadsCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "leads",
		Short: "Work with the leads collected by 'magazine serve'",
		Args:  cobra.NoArgs,
	}
	c.AddCommand(leadsExportCmd(), leadsForwardCmd(), leadsDeleteCmd())
	return c
}

// storeFlags choose the leads database, as on `magazine serve`.
type storeFlags struct{ data, database, since string }

func (f *storeFlags) add(c *cobra.Command) {
	f.addStore(c)
	c.Flags().StringVar(&f.since, "since", "", "only leads from this time on: a date (2025-09-01, UTC) or an RFC 3339 time")
}

func (f *storeFlags) addStore(c *cobra.Command) {
	c.Flags().StringVar(&f.data, "data", "data", "folder holding leads.db, when no --database is given")
	c.Flags().StringVar(&f.database, "database", "", "PostgreSQL URL of the leads, postgres://... (env DATABASE_URL)")
}

func (f *storeFlags) open() (*forms.Store, time.Time, error) {
	since, err := parseSince(f.since)
	if err != nil {
		return nil, since, err
	}
	if f.database == "" {
		// Opening would create an empty database; a missing one more
		// likely means the wrong --data folder.
		db := filepath.Join(f.data, forms.DBFile)
		if _, err := os.Stat(db); err != nil {
			return nil, since, fmt.Errorf("%s does not exist: no leads collected yet, or wrong --data folder", db)
		}
	}
	store, err := forms.OpenStore(f.database, f.data)
	return store, since, err
}

func parseSince(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return t, fmt.Errorf("--since %q: want a date (2025-09-01) or an RFC 3339 time (2025-09-01T09:30:00+05:30)", s)
	}
	return t, nil
}

func leadsExportCmd() *cobra.Command {
	var format string
	var sf storeFlags
	c := &cobra.Command{
		Use:   "export",
		Short: "Print the leads, oldest first, as CSV or JSON",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if format != "csv" && format != "json" {
				return fmt.Errorf("--format %q: want csv or json", format)
			}
			store, since, err := sf.open()
			if err != nil {
				return err
			}
			if err := store.Export(c.OutOrStdout(), format, since); err != nil {
				store.Close()
				return err
			}
			return store.Close()
		},
	}
	c.Flags().StringVar(&format, "format", "csv", "csv or json")
	sf.add(c)
	return c
}

func leadsForwardCmd() *cobra.Command {
	var sf storeFlags
	opt := forms.ForwardOptions{}
	c := &cobra.Command{
		Use:   "forward --to https://...",
		Short: "Deliver every lead not yet delivered to a CRM or e-mail webhook (JSON POST; run it from cron)",
		Long: `Deliver every lead not yet delivered to the --to URL, oldest first, as a JSON
POST with the lead's export fields plus "uid", which is also the Idempotency-Key
header. A lead counts as delivered once the receiver answers 2xx; failures are
retried with growing waits. Runs that overlap (cron and a manual run) share the
leads, each sent once; a run that is killed leaves its leads leased until the
lease expires (9 minutes with the default --attempts), then the next
run sends them. Delivery is still at least once: a crash between a 2xx and its
record sends that lead again, so receivers that can should dedupe on uid.
A lead that keeps failing ends the run (exit 1); it and the later leads are
tried again by the next run.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if opt.To == "" {
				return fmt.Errorf("--to is required: the URL that receives the leads")
			}
			if err := forms.CheckDestination(opt.To); err != nil {
				return fmt.Errorf("--to %v", err)
			}
			if opt.Attempts < 1 {
				return fmt.Errorf("--attempts %d: a lead needs at least one try", opt.Attempts)
			}
			store, since, err := sf.open()
			if err != nil {
				return err
			}
			defer store.Close()
			opt.Since, opt.Log = since, c.OutOrStdout()
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
			defer stop()
			n, err := store.Forward(ctx, opt)
			fmt.Fprintf(c.OutOrStdout(), "%d lead(s) delivered to %s\n", n, opt.To)
			return err
		},
	}
	c.Flags().StringVar(&opt.To, "to", "", "the receiver's URL (https; plain http only to 127.0.0.1 or localhost)")
	c.Flags().IntVar(&opt.Attempts, "attempts", 6, "tries per lead before the run gives up")
	c.Flags().DurationVar(&opt.Backoff, "backoff", time.Second, "the first wait between tries; it doubles each time, up to a minute")
	sf.add(c)
	return c
}

func leadsDeleteCmd() *cobra.Command {
	var sf storeFlags
	var email, olderThan string
	c := &cobra.Command{
		Use:   "delete --email ADDRESS | --older-than 90d",
		Short: "Erase a person's leads, or every lead older than a number of days",
		Long: `Delete every lead sent with --email ADDRESS (whatever its case), for a
person who asks to have their data erased (India's DPDP Act 2023, the GDPR),
or every lead created more than --older-than days ago, the retention limit
(run it daily from cron). Their delivery records go with them.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if (email == "") == (olderThan == "") {
				return fmt.Errorf("give --email ADDRESS or --older-than DAYS (e.g. 90d), one of them")
			}
			var cutoff time.Time
			if olderThan != "" {
				days, err := parseDays(olderThan)
				if err != nil {
					return err
				}
				cutoff = time.Now().AddDate(0, 0, -days)
			}
			store, _, err := sf.open()
			if err != nil {
				return err
			}
			defer store.Close()
			if email != "" {
				n, err := store.DeleteEmail(context.Background(), email)
				if err != nil {
					return err
				}
				fmt.Fprintf(c.OutOrStdout(), "%d lead(s) from %s deleted\n", n, email)
				return nil
			}
			n, err := store.DeleteBefore(context.Background(), cutoff)
			if err != nil {
				return err
			}
			fmt.Fprintf(c.OutOrStdout(), "%d lead(s) created before %s deleted\n", n, cutoff.UTC().Format(time.RFC3339))
			return nil
		},
	}
	c.Flags().StringVar(&email, "email", "", "delete every lead sent with this address")
	c.Flags().StringVar(&olderThan, "older-than", "", "delete every lead created more than this many days ago: 90d")
	sf.addStore(c)
	return c
}

// parseDays reads --older-than: a whole number of days, "90d", at least
// one: 0d would erase the leads of the last minutes too, before they are
// forwarded (to erase everything, delete the database).
func parseDays(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSuffix(s, "d"))
	if err != nil || !strings.HasSuffix(s, "d") {
		return 0, fmt.Errorf("--older-than %q: want a number of days, such as 90d", s)
	}
	if n < 1 {
		return 0, fmt.Errorf("--older-than %q: at least 1d; 0d would erase leads received moments ago, before they are forwarded", s)
	}
	return n, nil
}
