package images

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/xml"
	"io"
	"regexp"
	"testing"
)

func TestMotifByCategory(t *testing.T) {
	for cat, want := range map[string]string{
		"Economic Policy": "markets", "Economic Forecast": "markets", "Policy & Reform": "markets",
		"International Trade": "trade", "Trade Strategy": "trade",
		"Energy & Environment": "energy", "ESG & Sustainable Growth": "energy",
		"Technology": "tech", "Technology & Digital Transformation": "tech", "Innovation & Growth": "tech",
	} {
		if got := Motif(cat); got != want {
			t.Errorf("Motif(%q) = %q, want %q", cat, got, want)
		}
	}
}

// The same story gets the same bytes on every build and machine, or every
// deploy would re-upload every cover. If this fails because you changed a
// drawing on purpose, bump coverRecipe (the file names must change too) and
// update the hashes.
func TestCoverIsPinned(t *testing.T) {
	for cat, want := range map[string]string{
		"Economic Policy":      "37aeb74dc1165ee85f646d54b2c0ccf0c825fa984f16859fa6a1bdd5105458b5",
		"International Trade":  "1d0a8a01d614bf1d12135c05437756811cc27cba9f2ab98747b5e1990980e421",
		"Energy & Environment": "ccea68d44b77349aadb6d68fb329e8b76e53ef5fac29c70267ab2878db6103d1",
		"Technology":           "d452579d21182c6cb98c7ce3473746c203258eae90962c1870611f1e43ace486",
	} {
		_, svg := Cover(5, cat)
		if sum := sha256.Sum256(svg); hex.EncodeToString(sum[:]) != want {
			t.Errorf("%s: cover hash %x, want %s", cat, sum, want)
		}
	}
}

// A cover is a well-formed SVG document of the card's shape, a few
// kilobytes on the wire, named by the story and the recipe.
func TestCoverIsSmallWellFormedSVG(t *testing.T) {
	name := regexp.MustCompile(`^images/cover/5-[0-9a-f]{8}\.svg$`)
	for _, cat := range []string{"Economic Policy", "International Trade", "Energy & Environment", "Technology"} {
		path, svg := Cover(5, cat)
		if !name.MatchString(path) || path != CoverPath(5, cat) {
			t.Errorf("%s: path %q", cat, path)
		}
		dec := xml.NewDecoder(bytes.NewReader(svg))
		var root xml.StartElement
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", cat, err)
			}
			if se, ok := tok.(xml.StartElement); ok && root.Name.Local == "" {
				root = se
			}
		}
		attrs := map[string]string{}
		for _, a := range root.Attr {
			attrs[a.Name.Local] = a.Value
		}
		if root.Name.Local != "svg" || attrs["viewBox"] != "0 0 1200 630" || attrs["width"] != "1200" || attrs["height"] != "630" {
			t.Errorf("%s: root <%s %v>", cat, root.Name.Local, attrs)
		}
		var gz bytes.Buffer
		w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		w.Write(svg)
		w.Close()
		if gz.Len() > 8<<10 {
			t.Errorf("%s: %d bytes gzipped, want at most 8 KB", cat, gz.Len())
		}
	}
}

func TestCoversDifferByStory(t *testing.T) {
	_, a := Cover(1, "Technology")
	_, b := Cover(2, "Technology")
	_, c := Cover(1, "International Trade")
	if bytes.Equal(a, b) || bytes.Equal(a, c) || CoverPath(1, "Technology") == CoverPath(2, "Technology") {
		t.Error("different stories drew the same picture")
	}
}
