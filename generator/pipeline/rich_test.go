package pipeline_test

import (
	"bytes"
	"encoding/json"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nivaran/magazine/generator/pipeline"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// The rich story blocks end to end: parsed, drawn, resized, prerendered,
// link-checked and indexed; and their mistakes, reported alike by check
// and build.

const richBody = `CPI fell to 1.55% in July.[^cpi]

## What the Numbers Say

| Measure | 2024 | 2025 |
|---|--:|--:|
| Real GDP (₹ lakh crore) | 44.42 | 47.89 |

Table: Quarterly GDP, zanzibarite edition

` + "```chart" + `
type: line
title: Rural inflation, quokkametric
units: "%"
source: NSO
---
Month,Rural
Jun 2025,1.72
Jul 2025,1.18
` + "```" + `

![Containers at a port](images/port.png "Boxes — Credit: Nivaran")

` + "```embed" + `
https://www.youtube.com/watch?v=aBcDeFgHiJk
` + "```" + `

**Solution Spotlight:** Act.

[^cpi]: NSO, CPI release, 12 August 2025.
`

func pngBytes(t *testing.T, w, h int) string {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		img.Set(x, h/2, color.RGBA{200, 100, 50, 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func TestRichStory(t *testing.T) {
	t.Parallel()
	story := strings.Replace(gt.Story("5", ""), "Body of story 5.\n\n**Solution Spotlight:** Do something.\n", richBody, 1)
	dist := gt.Build(t, map[string]string{"stories/a.md": story, "stories/images/port.png": pngBytes(t, 1200, 675)})
	page := gt.Read(t, dist, "story/5/index.html")
	body := gt.Between(page, `<div class="article-body">`, `<script type="application/json" id="page-data">`)
	for _, want := range []string{
		`<h2 id="what-the-numbers-say" class="article-body__subheading">What the Numbers Say</h2><a class="anchor" href="#what-the-numbers-say"`,
		`<p class="table-caption" id="table-1">Quarterly GDP, zanzibarite edition</p>`,
		`<td class="num">47.89</td>`,
		`role="img" aria-labelledby="chart-1-t" aria-describedby="chart-1-d"`,
		`<summary>Data table</summary>`,
		`<sup class="fn-ref"><a id="fnref-1" href="#fn-1"`,
		`<li id="fn-1"><p>NSO, CPI release, 12 August 2025. <a class="fn-back" href="#fnref-1"`,
		`alt="Containers at a port" width="1200" height="675" loading="lazy"`,
		`<figcaption>Boxes <span class="figure__credit">Credit: Nivaran</span></figcaption>`,
		`<a href="https://www.youtube.com/watch?v=aBcDeFgHiJk">Watch on YouTube</a>`, // readable with JavaScript off
	} {
		if !strings.Contains(body, want) {
			t.Errorf("the prerendered page lacks %s", want)
		}
	}
	// The page data carries the same markup, so the page hydrates unchanged.
	var data struct {
		Story struct {
			Embeds bool
			Blocks []struct{ Type, HTML string }
		}
	}
	if err := json.Unmarshal([]byte(gt.Between(page, `id="page-data">`, "</script>")), &data); err != nil {
		t.Fatal(err)
	}
	// The figure's markup is in the page, once: the page data leaves it to the page.
	figures := 0
	for _, b := range data.Story.Blocks {
		if b.Type == "figure" && b.HTML == "" {
			figures++
		}
	}
	if figures != 1 || !data.Story.Embeds || strings.Count(body, "srcset=") != 1 {
		t.Errorf("page data: %d figures, embeds %v; %d srcset in the page", figures, data.Story.Embeds, strings.Count(body, "srcset="))
	}
	if strings.Contains(body, "<iframe") {
		t.Error("the embed's frame must wait for the reader")
	}
	// Notes close the article, after the Solution Spotlight.
	if s, n := strings.Index(body, `class="spotlight"`), strings.Index(body, `class="notes"`); s < 0 || n < s {
		t.Errorf("notes should follow the spotlight (spotlight at %d, notes at %d)", s, n)
	}
	// The body picture was resized like a featured photo and is published.
	for _, w := range []string{"480", "800", "1200"} {
		if m, _ := filepath.Glob(filepath.Join(dist, "images", "port-*-"+w+".*")); len(m) != 1 {
			t.Errorf("want one %s-wide body picture, got %v", w, m)
		}
	}
	if !strings.Contains(body, `srcset="/images/port-`) {
		t.Error("the body picture has no srcset")
	}
	// Search sees the table's and the chart's words, not their markup.
	index := ""
	files, _ := filepath.Glob(filepath.Join(dist, "search", "index-*.json"))
	for _, f := range files {
		b, _ := os.ReadFile(f)
		index += string(b)
	}
	for _, word := range []string{"zanzibarite", "quokkametric"} {
		if !strings.Contains(index, word) {
			t.Errorf("the search index lacks %q", word)
		}
	}
	if strings.Contains(index, "chart__") || strings.Contains(index, "<td") {
		t.Error("the search index holds markup")
	}
}

func TestRichMistakesCheckAndBuildAgree(t *testing.T) {
	t.Parallel()
	body := "Text <iframe src=\"https://example.org\"></iframe>.\n\n" +
		"```chart\ntype: pie\ntitle: T\nsource: S\n---\nx,y\na,1\n```\n\n" +
		"![Missing](images/missing.png)\n\n" +
		"![Outside](../site.yaml)\n\n" +
		"![Not a picture](images/notes.txt)\n\n" +
		"**Solution Spotlight:** Act.\n"
	story := strings.Replace(gt.Story("5", ""), "Body of story 5.\n\n**Solution Spotlight:** Do something.\n", body, 1)
	o := gt.Options(t, map[string]string{"stories/a.md": story, "stories/images/notes.txt": "x"})
	file := filepath.Join(o.Stories, "a.md")
	want := strings.Join([]string{
		file + `:10: raw HTML is not published: <iframe src="https://example.org"> — use an ` + "```embed" + ` block (YouTube, Datawrapper, Flourish, X)`,
		file + `:13: chart: type "pie" is not a chart type (want line, bar, column or stacked)`,
		file + `:21: picture: images/missing.png does not exist in ` + o.Stories,
		file + `:23: picture: "../site.yaml" points outside the stories folder`,
		file + `:25: picture: "images/notes.txt" is not a JPEG or PNG picture`,
	}, "\n")
	_, checkErr := pipeline.Check(o)
	_, buildErr := pipeline.Run(o)
	for name, err := range map[string]error{"check": checkErr, "build": buildErr} {
		if err == nil || err.Error() != want {
			t.Errorf("%s:\n%v\nwant\n%s", name, err, want)
		}
	}
	if _, err := os.Stat(o.Out); !os.IsNotExist(err) {
		t.Error("a story with mistakes must not write dist/")
	}
}
