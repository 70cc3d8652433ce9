package pipeline_test

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/nivaran/magazine/generator/content/site"
	"github.com/nivaran/magazine/generator/content/spelling"
	"github.com/nivaran/magazine/generator/content/story"
	"github.com/nivaran/magazine/generator/plan/route"
	gt "github.com/nivaran/magazine/generator/testkit/generatortest"
)

// The published stories themselves, checked against SPEC.md's route tables
// and the newsroom's standards.

var fixedPaths = map[string]int{
	"/trump-tariffs-india": 1, "/green-hydrogen-india": 2, "/semiconductor-independence-india": 3,
	"/india-victory-inflation": 4, "/rbi-policy": 5, "/morgan-stanley-india-consumer-powerhouse": 6,
	"/building-india-tomorrow-independence-innovators": 7, "/india-making-gst-work-for-indian-economy": 8,
	"/India-Semiconductor-manufacturing-strategy": 9, "/pm-gati-shakti-nsws-economic-growth": 10,
	"/india-energy-independence-renewable-power-self-sufficiency":         11,
	"/india-digital-trade-revolution-tech-leadership-economic-resilience": 12,
	"/india-economic-resilience-protectionism":                            13, "/japan-india-investment-partnership-modi": 101,
	"/msme-tariff-protection-export-support": 102, "/rbi-domestic-growth-strategy": 103,
	"/india-asean-youth-digital-trade": 104, "/sp-rating-upgrade-india-investment-grade": 105,
	"/morgan-stanley-india-consumer-market-powerhouse": 106, "/india-gst-reforms-economic-catalyst-growth": 20,
}

var dedicatedPaths = []string{
	"/india-energy-independence-renewable-power", "/india-trade-revolution", "/sco-summit-india-alternate-trade",
	"/india-deep-tech-alliance-launch", "/india-chip-ambition-blueprint-dominance",
	"/india-conquers-global-economic-storm", "/sco-summit-2025-solutions-playbook",
}

// realStories loads the stories with their body text: without KeepText
// LoadDir drops it, and the checks below would read only headlines.
func realStories(t *testing.T) ([]*story.Story, []route.Route) {
	t.Helper()
	root := gt.Root(t)
	cfg, err := site.Load(filepath.Join(root, "site.yaml"), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	stories, diags := story.LoadDir(filepath.Join(root, "stories"), story.Options{Categories: cfg.Categories, KeepText: true})
	routes, more := route.Table(stories, cfg.PerPage)
	if err := append(diags, more...).Err(); err != nil {
		t.Fatalf("the stories do not validate:\n%v", err)
	}
	return stories, routes
}

func TestEverySpecRouteHasItsStory(t *testing.T) {
	t.Parallel()
	_, routes := realStories(t)
	byPath := map[string]route.Route{}
	for _, r := range routes {
		byPath[r.Path] = r
	}
	for path, id := range fixedPaths {
		r, ok := byPath[path]
		if !ok || r.Story == nil || r.Story.ID != id {
			t.Errorf("%s should show story %d", path, id)
		}
	}
	for _, path := range dedicatedPaths {
		if r, ok := byPath[path]; !ok || r.Story == nil || r.Story.Layout == "story" {
			t.Errorf("%s should be a dedicated article page", path)
		}
	}
}

func TestStoriesMeetTheStandard(t *testing.T) {
	t.Parallel()
	stories, _ := realStories(t)
	authors := []string{"Nivaran Economy Desk", "Nivaran Editorial Team", "Ira Venkataraman"}
	handWritten := []int{11, 12, 13, 101, 102, 103, 104, 105}
	ownKeywords := []int{6, 8, 9, 10, 12}
	first, last := time.Date(2025, 8, 12, 0, 0, 0, 0, story.DefaultZone), time.Date(2025, 9, 3, 23, 59, 59, 0, story.DefaultZone)
	for _, s := range stories {
		name := filepath.Base(s.File)
		lo, hi := 700, 1400
		if s.Layout != "story" {
			lo, hi = 750, 1500
		}
		if w := s.Body.Words; w < lo || w > hi {
			t.Errorf("%s: %d words, want %d–%d", name, w, lo, hi)
		}
		var minutes int
		if _, err := fmtSscan(s.ReadTime, &minutes); err != nil || math.Abs(float64(minutes)-float64(s.Body.Words)/story.WordsPerMinute) > 1 {
			t.Errorf("%s: readTime %q does not match %d words", name, s.ReadTime, s.Body.Words)
		}
		if minutes < 4 || minutes > 8 {
			t.Errorf("%s: read time %d min outside 4–8", name, minutes)
		}
		if n := len(s.Body.Blocks); n == 0 || s.Body.Blocks[n-1].Type != "spotlight" {
			t.Errorf("%s: does not end with a Solution Spotlight", name)
		}
		subheads := 0
		for _, b := range s.Body.Blocks {
			if b.Type == "h2" {
				subheads++
			}
		}
		if subheads < 2 {
			t.Errorf("%s: %d subheadings, want at least 2", name, subheads)
		}
		if d := s.PublishedAt.Time; d.Before(first) || d.After(last) {
			t.Errorf("%s: published %s, outside 2025-08-12..2025-09-03", name, s.PublishedAt.ISO())
		}
		for _, a := range s.Names() {
			if !slices.Contains(authors, a) {
				t.Errorf("%s: author %q is not one of %v", name, a, authors)
			}
		}
		if slices.Contains(handWritten, s.ID) && (s.MetaTitle == "" || s.MetaDescription == "" || len(s.MetaTags) == 0) {
			t.Errorf("%s: story %d needs a hand-written metaTitle, metaDescription and metaTags", name, s.ID)
		}
		if slices.Contains(ownKeywords, s.ID) && len(s.MetaTags) == 0 {
			t.Errorf("%s: story %d needs its own keyword list", name, s.ID)
		}
		low := strings.ToLower(s.Body.Text + s.Title + s.Introduction)
		for _, bad := range []string{"lorem ipsum", "placeholder", "todo", "tbd", "[citation"} {
			if strings.Contains(low, bad) {
				t.Errorf("%s: contains %q", name, bad)
			}
		}
	}
}

// Search results show about 60 characters of a title and 155 of a
// description. Per SPEC.md a story without hand-written meta uses its
// headline and introduction, so those must fit as written (never cut mid-word).
func TestSearchSnippetsFit(t *testing.T) {
	t.Parallel()
	stories, _ := realStories(t)
	opening := map[string]string{} // first words of a description -> the story using them
	for _, s := range stories {
		name := filepath.Base(s.File)
		title, description := s.MetaTitle, s.MetaDescription
		if title == "" {
			if n := len([]rune(s.Title)); n > 70 {
				t.Errorf("%s: headline is %d characters, want at most 70 (or a metaTitle)", name, n)
			}
		} else if n := len([]rune(title)); n > 60 {
			t.Errorf("%s: metaTitle is %d characters, want at most 60", name, n)
		}
		if description == "" {
			description = s.Introduction
		}
		if n := len([]rune(description)); n > 155 {
			t.Errorf("%s: search description is %d characters, want at most 155", name, n)
		}
		words := runWords(description)
		first := strings.Join(words[:min(4, len(words))], " ")
		if other, taken := opening[first]; taken {
			t.Errorf("%s and %s: search descriptions both start %q", other, name, first)
		}
		opening[first] = name
	}
}

// SharedRun is how many consecutive words two stories may share before they
// read as one story told twice (case and punctuation aside).
const sharedRun = 12

func TestStoriesDoNotRepeatEachOther(t *testing.T) {
	t.Parallel()
	stories, _ := realStories(t)
	first := map[string]int{} // a run of sharedRun words -> the first story using it
	reported := map[[2]int]bool{}
	for i, s := range stories {
		words := runWords(storyText(s))
		for j := 0; j+sharedRun <= len(words); j++ {
			run := strings.Join(words[j:j+sharedRun], " ")
			k, seen := first[run]
			if !seen {
				first[run] = i
				continue
			}
			if k != i && !reported[[2]int{k, i}] {
				reported[[2]int{k, i}] = true
				t.Errorf("%s and %s share %d+ words: %q", filepath.Base(stories[k].File), filepath.Base(s.File), sharedRun, run)
			}
		}
	}
}

// sharedFigures is how many of the same figures, each with its unit
// ("7.8%", "₹48,000 crore", "¥10 trn"), two stories may both cite before they
// read as one story told twice: the 12-word rule misses a retelling in new words.
const sharedFigures = 10

func TestStoriesDoNotShareTheirFigures(t *testing.T) {
	t.Parallel()
	stories, _ := realStories(t)
	figures := make([]map[string]bool, len(stories))
	for i, s := range stories {
		figures[i] = numericFacts(storyText(s))
	}
	for i := range stories {
		for j := i + 1; j < len(stories); j++ {
			var shared []string
			for f := range figures[i] {
				if figures[j][f] {
					shared = append(shared, f)
				}
			}
			if len(shared) > sharedFigures {
				slices.Sort(shared)
				t.Errorf("%s and %s cite %d of the same figures (at most %d): %s", filepath.Base(stories[i].File), filepath.Base(stories[j].File),
					len(shared), sharedFigures, strings.Join(shared, ", "))
			}
		}
	}
}

// A figure is a number with a currency before it or a unit or scale after it;
// a range ("₹51.80–55.75 a kg", "0.2 to 0.6 percentage points") is one figure.
// Bare numbers (years, dates, counts) are not figures.
var figure = regexp.MustCompile(`([−-])?(₹|\$|¥|€)?(\d{1,3}(?:,\d{2,3})+(?:\.\d+)?|\d+(?:\.\d+)?)` +
	`(?:\s?(?:–|-|to)\s?(?:₹|\$|¥|€)?(\d{1,3}(?:,\d{2,3})+(?:\.\d+)?|\d+(?:\.\d+)?))?` +
	`(?:\s?(lakh crore|crore|lakh|billion|bn|trillion|trn|tn|million|mn)\b)?` +
	`(?:\s?(%|per cent|percentage points?|pp\b|basis points?|bps\b|points?\b|GW\b|MW\b|TWh\b|tonnes\b|kg\b|km\b|cc\b|yuan\b))?`)

// Spellings of one scale or unit.
var figureWords = map[string]string{"billion": "bn", "trillion": "trn", "tn": "trn", "million": "mn", "per cent": "%",
	"percentage point": "pp", "percentage points": "pp", "point": "pp", "points": "pp", "basis point": "bp", "basis points": "bp", "bps": "bp"}

// numericFacts lists the figures in text, each written one way: "₹48,000 crore",
// "$48.2bn" and "5.50%" become "₹48000 crore", "$48.2 bn" and "5.5%".
func numericFacts(text string) map[string]bool {
	facts := map[string]bool{}
	for _, m := range figure.FindAllStringSubmatch(text, -1) {
		sign, currency, from, to, scale, unit := m[1], m[2], m[3], m[4], m[5], m[6]
		if currency == "" && scale == "" && unit == "" {
			continue
		}
		if sign != "" {
			sign = "−"
		}
		fact := sign + currency + plainNumber(from)
		if to != "" {
			fact += "–" + plainNumber(to)
		}
		for _, w := range []string{scale, unit} {
			if w == "" {
				continue
			}
			if n, ok := figureWords[w]; ok {
				w = n
			}
			if w != "%" {
				fact += " "
			}
			fact += w
		}
		facts[fact] = true
	}
	return facts
}

// plainNumber drops digit grouping and trailing zeros: "1,53,340.50" is "153340.5".
func plainNumber(s string) string {
	v, err := strconv.ParseFloat(strings.ReplaceAll(s, ",", ""), 64)
	if err != nil {
		return s
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

func TestNumericFacts(t *testing.T) {
	t.Parallel()
	got := slices.Sorted(maps.Keys(numericFacts("GDP grew 7.8% (7.80% revised), the repo rate is 5.50%, ₹48,000 crore, $48.2bn or $48.2 billion, " +
		"¥10 trillion and ¥10 trn, 0.2 to 0.6 percentage points (0.2–0.6 points), ₹51.80–55.75 a kg, 50 bps, mining −3.1%, 2 billion yuan, " +
		"in 2024–25 ten projects opened on 29–30 August, 2,034 jobs")))
	want := []string{"$48.2 bn", "0.2–0.6 pp", "2 bn yuan", "5.5%", "50 bp", "7.8%", "¥10 trn", "₹48000 crore", "₹51.8–55.75", "−3.1%"}
	if !slices.Equal(got, want) {
		t.Errorf("numericFacts:\n got %q\nwant %q", got, want)
	}
}

// storyText is every sentence a reader sees: headline, standfirst, body and
// the structured parts of the dedicated layouts.
func storyText(s *story.Story) string {
	parts := []string{s.Title, s.Heading, s.Introduction, s.Body.Text, s.Extra.HeroKicker, s.Extra.BottomLine}
	for _, in := range s.Extra.Indicators {
		parts = append(parts, in.Label, in.Value, in.Note)
	}
	if p := s.Extra.Playbook; p != nil {
		parts = append(append(append(parts, p.Immediate...), p.MediumTerm...), p.Implementation...)
	}
	if in := s.Extra.Investment; in != nil {
		parts = append(append(parts, in.Title), in.Points...)
	}
	return strings.Join(parts, "\n")
}

// runWords splits text into lower-case words, dropping punctuation.
func runWords(text string) []string {
	return strings.FieldsFunc(strings.ToLower(text), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsNumber(r) })
}

func TestRunWords(t *testing.T) {
	t.Parallel()
	got := strings.Join(runWords("The RBI's 5.5% repo — “unchanged”, it said."), " ")
	if got != "the rbi s 5 5 repo unchanged it said" {
		t.Errorf("runWords: %q", got)
	}
}

// TestSpelling runs the spelling pass of `magazine check` over the stories;
// words it does not know must be in stories/spelling-allow.txt.
func TestSpelling(t *testing.T) {
	t.Parallel()
	stories, _ := realStories(t)
	cfg, err := site.Load(filepath.Join(gt.Root(t), "site.yaml"), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	diags, err := spelling.Check(stories, filepath.Join(gt.Root(t), "stories"), cfg.OwnNames())
	if errors.Is(err, spelling.ErrNoAspell) && os.Getenv("CI") == "" {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range diags {
		t.Error(d)
	}
}

func fmtSscan(s string, n *int) (int, error) { return fmt.Sscanf(s, "%d min", n) }
