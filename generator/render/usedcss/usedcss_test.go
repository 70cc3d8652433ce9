package usedcss

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/tdewolff/parse/v2/css"
	"testing"
)

const sheet = `:root{--ink:#111}*,:before{box-sizing:border-box}html{color:var(--ink)}body{margin:0}` +
	`.card{padding:1rem}.card .card__title{font-weight:700;animation:rise .4s}.card>.card__meta+time{opacity:.8}` +
	`main.wide{max-width:80rem}#root{min-height:100vh}.modal.is-open{display:block}` +
	`.toast,.banner{position:fixed}a:not(.plain):hover{text-decoration:underline}` +
	`input[type=search]::placeholder{color:gray}.x:is(.y,.z){color:red}svg path{fill:currentColor}` +
	`@media (max-width:40rem){.card{padding:.5rem}.toast{bottom:0}}` +
	`@supports (display:grid){.grid{display:grid}}` +
	`@container (min-width:560px){.card__meta{display:none}.modal{display:none}}` +
	`@keyframes spin{to{transform:rotate(1turn)}}@keyframes rise{from{opacity:0}}@keyframes risen{from{opacity:0}}` +
	`.spinner{animation:spin 1s}/* a comment */.ÄÖ{color:blue}`

func TestFor(t *testing.T) {
	s, err := Parse(sheet)
	if err != nil {
		t.Fatal(err)
	}
	page := `<!doctype html><html lang="en"><head><style>.toast{}</style><script>"<div class='banner'>"</script></head>` +
		`<body><div id="root"><main class="wide"><article class="card"><h2 class='card__title'>T</h2>` +
		`<span class="card__meta">m</span><time>1</time><a href=/x>x</a><!-- <div class="grid"> --></article>` +
		`<input type=search><svg><path d="M0"/></svg></main></div></body></html>`
	got := s.For(page)
	s.Every(`<div class="grid">`)
	if !strings.Contains(s.For(page), ".grid{") || strings.Contains(s.For(""), ".card{") {
		t.Errorf("Every: names of the shell go with every page, and only those")
	}
	s.Every("")
	for _, want := range []string{
		`:root{--ink:#111}`, `*,:before{box-sizing:border-box}`, `html{`, `body{`, `.card{padding:1rem}`,
		`.card .card__title{`, `.card>.card__meta+time{`, `main.wide{`, `#root{`,
		`a:not(.plain):hover{`, `input[type=search]::placeholder{`, `svg path{`,
		`@media (max-width:40rem){.card{padding:.5rem}}`, `@keyframes rise{from{opacity:0}}`,
		`@container (min-width:560px){.card__meta{display:none}}`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %s in\n%s", want, got)
		}
	}
	for _, absent := range []string{".modal.is-open", ".toast", ".banner", ".grid", "@supports", ".x:is", ".spinner", "ÄÖ", "comment", "@keyframes spin", "risen"} {
		if strings.Contains(got, absent) {
			t.Errorf("%s should be left out of\n%s", absent, got)
		}
	}
	// What is kept keeps the sheet's order.
	if strings.Index(got, ".card{padding:1rem}") > strings.Index(got, "main.wide") {
		t.Errorf("rules out of order:\n%s", got)
	}
	// A page with every name gets the whole sheet back, but comments and
	// the animation no rule names.
	all := s.For(`<html><body><main class=wide><div class="card card__title card__meta modal is-open toast banner plain x y z grid spinner ÄÖ" id="root"><main><time><a><input><svg><path>`)
	if want := strings.NewReplacer("/* a comment */", "", "@keyframes risen{from{opacity:0}}", "").Replace(sheet); all != want {
		t.Errorf("every name present:\n got %s\nwant %s", all, want)
	}
}

func TestSelectorNeeds(t *testing.T) {
	s := &Sheet{names: map[string]int{}}
	for sel, want := range map[string]string{
		`.a .b`:              ".a .b",
		`div.a>#b`:           "div .a #b",
		`A:hover`:            "a",
		`.a,.b`:              ".a|.b",
		`.a,*`:               "",
		`:not(.a)`:           "",
		`[data-x=".y"] .z`:   ".z",
		`.a::after`:          ".a",
		`ul li+li~p`:         "ul li li p",
		`.a:has(>.b) .c`:     ".a .c",
		`.a:nth-child(2n+1)`: ".a",
	} {
		toks := tokens(t, sel)
		var got []string
		for _, alt := range s.needs(toks) {
			var names []string
			for _, i := range alt {
				names = append(names, nameOf(s, i))
			}
			got = append(got, strings.Join(names, " "))
		}
		if strings.Join(got, "|") != want {
			t.Errorf("%s: needs %q, want %q", sel, strings.Join(got, "|"), want)
		}
	}
}

func tokens(t *testing.T, sel string) []token {
	p := newParser(sel + "{")
	var out []token
	for {
		tok, _ := p.next()
		if tok.tt == css.ErrorToken {
			t.Fatalf("%s: no {", sel)
		}
		if tok.tt == css.LeftBraceToken {
			return out
		}
		out = append(out, tok)
	}
}

func nameOf(s *Sheet, i int) string {
	for n, j := range s.names {
		if j == i {
			return n
		}
	}
	return "?"
}

func TestBadCSS(t *testing.T) {
	for _, src := range []string{`.a{color:red`, `.a`, `}`, `@media print{.a{}`} {
		if _, err := Parse(src); err == nil {
			t.Errorf("%q: no error", src)
		}
	}
}

func TestScanSkipsScriptsAndStyles(t *testing.T) {
	var got []string
	scan(`<p class=" a  b" id=c><script type="application/json">{"x":"<i class=no>"}</script><STYLE>.no{}</STYLE><br/><img alt='>' class=d>`, func(n []byte) { got = append(got, string(n)) })
	if strings.Join(got, " ") != "p .a .b #c script style br img .d" {
		t.Errorf("scanned %q", got)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(sheet)
	f.Add(`@media{`)
	f.Add(`a{b{c}}`)
	f.Fuzz(func(t *testing.T, src string) {
		s, err := Parse(src)
		if err != nil {
			return
		}
		// Whatever a page has, its CSS is made of the sheet's own text.
		for _, page := range []string{"", `<div class="a b" id=c>`, src} {
			got := s.For(page)
			if len(got) > len(src) {
				t.Fatalf("For(%q) = %q is longer than the sheet %q", page, got, src)
			}
		}
	})
}

// A page of the magazine against its stylesheet, as every build does it
// for every page (make build writes dist/ first).
func BenchmarkFor(b *testing.B) {
	cssFiles, _ := filepath.Glob("../../../dist/assets/entry-client-*.css")
	page, err := os.ReadFile("../../../dist/story/11/index.html")
	if len(cssFiles) == 0 || err != nil {
		b.Skip("no dist/: run make build first")
	}
	src, _ := os.ReadFile(cssFiles[0])
	s, err := Parse(string(src))
	if err != nil {
		b.Fatal(err)
	}
	markup := string(page)
	for b.Loop() {
		s.For(markup)
	}
}
