package markdown

import (
	"encoding/json"
	"strings"
	"testing"
)

func blocksJSON(t *testing.T, src string) string {
	t.Helper()
	b, err := json.Marshal(Convert([]byte(src)).Blocks)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestConventions(t *testing.T) {
	cases := []struct{ name, src, want string }{
		{"paragraphs", "One.\n\nTwo.", `[{"type":"p","html":"One."},{"type":"p","html":"Two."}]`},
		{"bold paragraph is a subheading", "**Why It Matters**\n\nText.", `[{"type":"h2","html":"Why It Matters"},{"type":"p","html":"Text."}]`},
		{"bold inside text is not", "Some **bold** words.", `[{"type":"p","html":"Some \u003cstrong\u003ebold\u003c/strong\u003e words."}]`},
		{"spotlight holds what follows", "Intro.\n\n**Solution Spotlight:** Do this.\n\nAnd that.",
			`[{"type":"p","html":"Intro."},{"type":"spotlight","title":"Solution Spotlight","children":[{"type":"p","html":"Do this."},{"type":"p","html":"And that."}]}]`},
		{"solutions marker", "**Solutions Spotlight:** Go.", `[{"type":"spotlight","title":"Solutions Spotlight","children":[{"type":"p","html":"Go."}]}]`},
		{"colon outside the bold", "**Solution Spotlight**: Go.", `[{"type":"spotlight","title":"Solution Spotlight","children":[{"type":"p","html":"Go."}]}]`},
		{"marker alone", "**Solution Spotlight:**\n\nGo.", `[{"type":"spotlight","title":"Solution Spotlight","children":[{"type":"p","html":"Go."}]}]`},
		{"marker then line break", "**Solution Spotlight:**\nGo.", `[{"type":"spotlight","title":"Solution Spotlight","children":[{"type":"p","html":"Go."}]}]`},
		{"subheading inside spotlight", "**Solution Spotlight:** A.\n\n**Step one**\n\n- x\n- y",
			`[{"type":"spotlight","title":"Solution Spotlight","children":[{"type":"p","html":"A."},{"type":"h2","html":"Step one"},{"type":"ul","html":"\u003cli\u003ex\u003c/li\u003e\n\u003cli\u003ey\u003c/li\u003e"}]}]`},
		{"markdown heading", "## Big\n\n### Small", `[{"type":"h2","html":"Big"},{"type":"h3","html":"Small"}]`},
		{"raw html is not passed through", "<script>alert(1)</script>\n\nText <b>x</b>.",
			`[{"type":"p","html":"Text \u003c!-- raw HTML omitted --\u003ex\u003c!-- raw HTML omitted --\u003e."}]`},
		{"text is escaped", "Fish & chips < 5", `[{"type":"p","html":"Fish \u0026amp; chips \u0026lt; 5"}]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := blocksJSON(t, c.src); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

func TestWordsAndText(t *testing.T) {
	d := Convert([]byte("**Heading here**\n\nOne two three.\n\n**Solution Spotlight:** Four five."))
	if d.Words != 7 {
		t.Errorf("words = %d (%q)", d.Words, d.Text)
	}
	if strings.Contains(d.Text, "Spotlight") {
		t.Errorf("marker counted as text: %q", d.Text)
	}
	if !d.Spotlight {
		t.Error("spotlight not detected")
	}
}

func FuzzConvert(f *testing.F) {
	f.Add("**Solution Spotlight:** x\n\n**y**")
	f.Add("**Solutions Spotlight**\n- a\n")
	f.Fuzz(func(t *testing.T, src string) {
		Convert([]byte(src))
	})
}
