package output

import (
	"bytes"
	"encoding/xml"
)

// URL is one sitemap entry.
type URL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// Sitemap renders a sitemaps.org urlset.
func Sitemap(urls []URL) []byte {
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

// Robots allows everything below base (the site's base path, "" at the
// root of its host) and points crawlers at the sitemaps. (Crawlers read
// robots.txt at the root of a host only: for a site below a path it is
// the file to put, or merge, there.)
func Robots(base string, sitemaps ...string) []byte {
	var b bytes.Buffer
	b.WriteString("User-agent: *\nAllow: " + base + "/\n\n")
	for _, s := range sitemaps {
		b.WriteString("Sitemap: " + s + "\n")
	}
	return b.Bytes()
}
