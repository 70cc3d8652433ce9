package output

import (
	"bytes"
	"encoding/xml"
	"testing"
)

// encoded is the sitemap as encoding/xml writes it, which Sitemap must match.
func encoded(urls []URL) []byte {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	_ = enc.Encode(struct {
		XMLName xml.Name `xml:"urlset"`
		NS      string   `xml:"xmlns,attr"`
		URLs    []URL    `xml:"url"`
	}{NS: "http://www.sitemaps.org/schemas/sitemap/0.9", URLs: urls})
	b.WriteString("\n")
	return b.Bytes()
}

func TestSitemapIsWhatEncodingXMLWrites(t *testing.T) {
	for _, urls := range [][]URL{
		nil,
		{{Loc: "https://example.org/"}},
		{{Loc: "https://example.org/story/1/", LastMod: "2025-08-12"}, {Loc: "https://example.org/a?b=1&c='d'<e>\"f\"\t\r\nनमस्ते\x00\xff"}},
	} {
		if got, want := Sitemap(urls), encoded(urls); !bytes.Equal(got, want) {
			t.Errorf("Sitemap(%q):\n%s\nencoding/xml:\n%s", urls, got, want)
		}
	}
}

func FuzzSitemap(f *testing.F) {
	f.Add("https://example.org/story/1/", "2025-08-12")
	f.Fuzz(func(t *testing.T, loc, lastmod string) {
		urls := []URL{{Loc: loc, LastMod: lastmod}, {Loc: lastmod}}
		if got, want := Sitemap(urls), encoded(urls); !bytes.Equal(got, want) {
			t.Fatalf("Sitemap(%q):\n%q\nencoding/xml:\n%q", urls, got, want)
		}
	})
}
