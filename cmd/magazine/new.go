package main

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/nivaran/magazine/generator/site"
	"github.com/nivaran/magazine/generator/story"
	"github.com/spf13/cobra"
)

func newCmd() *cobra.Command {
	var storiesDir, config, category, path, author string
	c := &cobra.Command{
		Use:   `new "Title"`,
		Short: "Start a new story file with the next free id and today's date",
		Args:  cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			cfg, err := site.Load(config, time.Now())
			if err != nil {
				return err
			}
			if category == "" {
				category = cfg.Categories[0]
			}
			file, err := story.New(storiesDir, story.Draft{
				Title: args[0], Category: category, Path: path, Author: author,
				Categories: cfg.Categories, Now: time.Now(),
			})
			if err != nil {
				return err
			}
			fmt.Fprintln(c.OutOrStdout(), filepath.ToSlash(file))
			return nil
		},
	}
	c.Flags().StringVar(&storiesDir, "stories", "stories", "folder of story files")
	c.Flags().StringVar(&config, "config", "site.yaml", "site config file")
	c.Flags().StringVar(&category, "category", "", "category (default: the first in site.yaml)")
	c.Flags().StringVar(&path, "path", "", "fixed path such as /my-story (optional)")
	c.Flags().StringVar(&author, "author", "Nivaran Editorial Team", "byline")
	return c
}
