package linkcheck

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// tokenizerTags is what startTags must agree with: x/net/html's tokenizer,
// reading every byte.
func tokenizerTags(src []byte) []string {
	var out []string
	z := html.NewTokenizer(bytes.NewReader(src))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			return out
		}
		if tt == html.StartTagToken || tt == html.SelfClosingTagToken {
			if tok := z.Token(); referring[tok.DataAtom] {
				// The scanner keeps only the attributes that make or
				// qualify a link.
				tok.Attr = slices.DeleteFunc(tok.Attr, func(a html.Attribute) bool {
					_, ok := linkAttr([]byte(a.Key))
					return !ok
				})
				out = append(out, describe(tok))
			}
		}
	}
}

func scannedTags(src []byte) []string {
	var out []string
	startTags(src, referring, func(tok html.Token) { out = append(out, describe(tok)) })
	return out
}

func describe(tok html.Token) string {
	var b strings.Builder
	b.WriteString(tok.DataAtom.String())
	for _, a := range tok.Attr {
		fmt.Fprintf(&b, " %s=%q", a.Key, a.Val)
	}
	return b.String()
}

var tricky = []string{
	`<a href="/a">a</a><A HREF='/b'>b</A><a href=/c>c</a><a href = "/d" >d</a>`,
	`<img src="/x.jpg" srcset="/x-480.jpg 480w, /x-800.jpg 800w" alt="a > b">`,
	`<p title="<a href=/not-a-link>">text</p><a href="/after">x</a>`,
	`<!-- <a href="/commented"> --><a href="/real">`,
	`<!--><a href="/after-empty-comment"><!---><a href="/after-empty-comment-2">`,
	`<!-- a -- b --!><a href="/after-bang">`,
	`<script>var s = "<a href='/in-script'>";</script><a href="/after-script">`,
	`<script type="application/json">{"x":"\u003ca href=/x\u003e"}</SCRIPT ><a href="/after-json">`,
	`<style>a[href="/in-style"]{}</style><title><a href="/in-title"></title><a href="/t">`,
	`<textarea><a href="/in-textarea"></textarea><noscript><img src="/ns.gif"></noscript><link rel=icon href=/i.svg>`,
	`<a href="/q?a=1&amp;b=2">amp</a><a href="/q?copy=1&copy=2">attr-mode</a><a href=/e&lt;>lt</a>`,
	`<!DOCTYPE html><?xml x?><a href='/x' title="it's">`,
	`</a href=">"><a href="/after-end-tag"></ a><a href="/z">`,
	`<a/href="/slash-separated"><a href="/self-closing"/><a href=/unquoted/>`,
	`<br><meta property="og:image" content="/og.png"><meta name="twitter:image" content="/tw.png">`,
	`<scriptx src="/not-script"><a href="/n"><iframe src="/f.html"><a href="/in-iframe"></iframe>`,
	`<a href="/unterminated`,
	`<a href=/eof`,
	`< a href="/not-a-tag">`,
	`<a title=x"y href="/q">`,
	`<base href="/docs/"><a href="guide">`,
}

func TestStartTagsMatchesTheTokenizer(t *testing.T) {
	inputs := tricky
	pages, _ := filepath.Glob("testdata/site/*.html")
	more, _ := filepath.Glob("testdata/site/*/*.html")
	for _, p := range append(pages, more...) {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, string(src))
	}
	for _, in := range inputs {
		if got, want := scannedTags([]byte(in)), tokenizerTags([]byte(in)); !slices.Equal(got, want) {
			t.Errorf("%s\n got: %q\nwant: %q", in, got, want)
		}
	}
}

// FuzzStartTags: the scanner never panics, and on input made of the markup
// a generator writes (quoted attributes, balanced comments and scripts) it
// finds what the tokenizer finds.
func FuzzStartTags(f *testing.F) {
	for _, in := range tricky {
		f.Add(in)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got := scannedTags([]byte(in))
		if wellFormed(in) {
			if want := tokenizerTags([]byte(in)); !slices.Equal(got, want) {
				t.Errorf("%q\n got: %q\nwant: %q", in, got, want)
			}
		}
	})
}

// wellFormed: ASCII letters, digits and the markup a generator writes, with
// every attribute value quoted.
func wellFormed(s string) bool {
	for _, r := range s {
		if r > 0x7e || r < ' ' && r != '\n' {
			return false
		}
	}
	return !strings.ContainsAny(s, "&") && !strings.Contains(s, "= ") && !strings.Contains(s, " =") && !strings.Contains(s, "\"\"\"") && balancedQuotes(s)
}

func balancedQuotes(s string) bool {
	return strings.Count(s, `"`)%2 == 0 && !strings.Contains(s, "=\"\"")
}
