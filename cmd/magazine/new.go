package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"time"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/plan/route"
	"github.com/nivaran/magazine/generator/util/diag"
	"github.com/spf13/cobra"
)

func newCmd() *cobra.Command {
	var storiesDir, config, category, path, author string
	var draft bool
	c := &cobra.Command{
		Use:   `new "Title"`,
		Short: "Start a new story file with the next free id, today's date and a fixed path from its title",
		Args:  cobra.ExactArgs(1),
		RunE: func(c *cobra.Command, args []string) error {
			cfg, err := site.Load(config, time.Now())
			if err != nil {
				return err
			}
			if category == "" {
				category = cfg.Categories[0]
			}
			if names := cfg.AuthorNames(); !slices.Contains(names, author) {
				msg := fmt.Sprintf("--author: %q is not one of the authors in %s", author, config)
				if sug := diag.Suggest(author, names); sug != "" {
					msg += fmt.Sprintf(" (did you mean %q?)", sug)
				}
				return errors.New(msg)
			}
			file, err := story.New(storiesDir, story.Starter{
				Title: args[0], Category: category, Path: path, Author: author, Draft: draft,
				Categories: cfg.Categories, Now: time.Now().In(cfg.Location), Owner: route.Owner,
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
	c.Flags().StringVar(&path, "path", "", "fixed path such as /my-story (default: made from the title)")
	c.Flags().BoolVar(&draft, "draft", false, "start it as a draft (shown in magazine dev, left out of builds)")
	c.Flags().StringVar(&author, "author", "Nivaran Editorial Team", "byline")
	return c
}
