package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/nivaran/magazine/generator/forms"
	"github.com/spf13/cobra"
)

func leadsCmd() *cobra.Command {
	c := &cobra.Command{
		Use:   "leads",
		Short: "Work with the leads collected by 'magazine serve'",
		Args:  cobra.NoArgs,
	}
	c.AddCommand(leadsExportCmd())
	return c
}

func leadsExportCmd() *cobra.Command {
	var format, data string
	c := &cobra.Command{
		Use:   "export",
		Short: "Print every lead, oldest first, as CSV or JSON",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if format != "csv" && format != "json" {
				return fmt.Errorf("--format %q: want csv or json", format)
			}
			// Opening would create an empty database; a missing one more
			// likely means the wrong --data folder.
			db := filepath.Join(data, forms.DBFile)
			if _, err := os.Stat(db); err != nil {
				return fmt.Errorf("%s does not exist: no leads collected yet, or wrong --data folder", db)
			}
			store, err := forms.Open(data)
			if err != nil {
				return err
			}
			if err := store.Export(c.OutOrStdout(), format); err != nil {
				store.Close()
				return err
			}
			return store.Close()
		},
	}
	c.Flags().StringVar(&format, "format", "csv", "csv or json")
	c.Flags().StringVar(&data, "data", "data", "folder holding leads.db")
	return c
}
