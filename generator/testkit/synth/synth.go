// Package synth writes synthetic story files for benchmarks and scale tests:
// realistic length and structure, varied categories, authors and dates, no
// fixed paths.
package synth

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Five categories of site.yaml, one or two per cover motif.
var categories = []string{"Economic Policy", "International Trade", "Technology", "Energy & Environment", "Policy & Reform"}

// Site is a site.yaml for the synthetic stories, with their authors: the
// home page fills itself with the latest stories.
var Site = siteYAML + authorsYAML()

const siteYAML = `name: Nivaran
tagline: A Solutions-Focused Business & Economy Magazine
description: Synthetic stories for benchmarks.
baseURL: https://bench.example
language: en-IN
editorEmail: editor@bench.example
launchDate: 2025-09-10
forms: {launch: /api/forms/launch, editorial: /api/forms/editorial, partnership: /api/forms/partnership, newsletter: /api/forms/newsletter}
categories: [Economic Policy, International Trade, Technology, Energy & Environment, Policy & Reform]
`

var authors = strings.Split(`Asha Raman,Vikram Sethi,Meera Iyer,Rohan Kapoor,Nandini Rao,Arjun Mehta,Kavya Menon,Sanjay Gupta,`+
	`Priya Nair,Aditya Joshi,Farah Qureshi,Devika Pillai,Harish Reddy,Leela Das,Tenzin Dorjee,Nivaran Economy Desk`, ",")

func authorsYAML() string {
	var b strings.Builder
	b.WriteString("authors:\n")
	for _, a := range authors {
		fmt.Fprintf(&b, "  - name: %s\n    role: Correspondent\n    bio: %s writes the synthetic stories of the benchmarks.\n", a, a)
	}
	return b.String()
}

var words = strings.Fields(`india economy policy growth exporters tariff inflation credit msme rupee
investment manufacturing supply chain digital payments logistics ports states reform demand rural urban
jobs skills capital markets households savings energy solar grid hydrogen semiconductors design talent
startups venture banks lending liquidity monsoon agriculture services software platform infrastructure`)

// Pictures says which featuredImage the stories name.
type Pictures int

const (
	// External pictures (an absolute URL, never fetched): the build makes
	// pages only.
	External Pictures = iota
	// Generated: no featuredImage, the default, so the build draws each
	// story's cover art and social card.
	Generated
)

// Write creates n stories with external pictures in dir (ids from 1000).
func Write(dir string, n int) error { return WriteWith(dir, n, External) }

// WriteWith creates n stories in dir (ids from 1000) with the given pictures.
func WriteWith(dir string, n int, p Pictures) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for i := range n {
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("synthetic-%05d.md", i)), storyWith(i, p), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// Story is synthetic story i with an external picture: about 1,200 words,
// four bold subheadings and a Solution Spotlight.
func Story(i int) []byte { return storyWith(i, External) }

// secondTag is the index in words of story i's second tag, never its first.
func secondTag(i int) int {
	if j := i * 7 % len(words); j != i%len(words) {
		return j
	}
	return (i + 1) % len(words)
}

func storyWith(i int, p Pictures) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "---\nid: %d\ntitle: \"Synthetic story %d on %s and %s\"\nintroduction: \"%s\"\nauthor: \"%s\"\n",
		1000+i, i, words[i%len(words)], words[(i*3+1)%len(words)], sentence(i, 30), authors[i%len(authors)])
	if p == External {
		fmt.Fprintf(&b, "featuredImage: \"https://images.example/synthetic/%d.jpg\"\n", i)
	}
	fmt.Fprintf(&b, "publishedAt: 2025-%02d-%02d\ncategory: \"%s\"\ntags: [\"%s\", \"%s\"]\n---\n\n",
		1+i%12, 1+i%28, categories[i%len(categories)], words[i%len(words)], words[secondTag(i)])
	for s := range 4 {
		fmt.Fprintf(&b, "**Section %d: %s**\n\n", s+1, words[(i+s)%len(words)])
		for p := range 4 {
			b.WriteString(sentence(i*31+s*7+p, 68))
			b.WriteString("\n\n")
		}
	}
	b.WriteString("**Solution Spotlight:** " + sentence(i+3, 50) + "\n\n- " + sentence(i+4, 12) + "\n- " + sentence(i+5, 12) + "\n")
	return []byte(b.String())
}

func sentence(seed, n int) string {
	out := make([]string, n)
	for k := range out {
		out[k] = words[(seed*13+k*k*7+k)%len(words)]
	}
	out[0] = strings.ToUpper(out[0][:1]) + out[0][1:]
	return strings.Join(out, " ") + "."
}
