package markdown

import (
	"bytes"
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"

	"github.com/nivaran/magazine/generator/content/markdown/fence"
)

// Embed is content from an allowed site. The page shows a placeholder of
// the frame's exact shape with a link to the original; the browser loads
// the frame (Src) only when the reader clicks, or, for charts, scrolls near
// it. An X post has no frame: it is a link card.
type Embed struct {
	Provider string `json:"provider" ts:"'youtube' | 'datawrapper' | 'flourish' | 'x'"`
	URL      string `json:"url"` // the original, linked for every reader
	Src      string `json:"src,omitempty"`
	Title    string `json:"title"`
	Width    int    `json:"width,omitempty"` // the frame's aspect ratio
	Height   int    `json:"height,omitempty"`
}

// Providers names the allowed sites for editors.
const Providers = "YouTube, Datawrapper, Flourish, X/Twitter posts"

var embedKeys = []string{"url", "title", "aspect"}

var (
	youtubeID = regexp.MustCompile(`^[A-Za-z0-9_-]{11}$`)
	dwID      = regexp.MustCompile(`^[A-Za-z0-9]{5}$`)
	digits    = regexp.MustCompile(`^[0-9]{1,20}$`)
	xUser     = regexp.MustCompile(`^[A-Za-z0-9_]{1,15}$`)
	aspect    = regexp.MustCompile(`^([1-9][0-9]{0,3})\s*[:x/]\s*([1-9][0-9]{0,3})$`)
)

// embedBlock reads an ```embed block: a single address, or url, title and
// aspect (e.g. 4:3) lines.
func (c *converter) embedBlock(body []byte, lineOf func(int) int) (Block, bool) {
	fields := map[string]fence.Field{}
	if t := bytes.TrimSpace(body); !bytes.ContainsAny(t, "\n") && !bytes.Contains(t, []byte(": ")) {
		fields["url"] = fence.Field{Value: string(t), Line: 1}
	} else {
		var problems []fence.Problem
		fields, problems = fence.Header(body, 1, embedKeys)
		for _, p := range problems {
			c.problemAt(lineOf(p.Line), "embed: %s", p.Message)
		}
		if len(problems) > 0 {
			return Block{}, false
		}
	}
	u := fields["url"]
	if u.Value == "" {
		c.problemAt(lineOf(1), "embed: url is required (%s)", Providers)
		return Block{}, false
	}
	e, err := embedFor(u.Value)
	if err != nil {
		c.problemAt(lineOf(u.Line), "embed: %v", err)
		return Block{}, false
	}
	if t := fields["title"].Value; t != "" {
		e.Title = t
	}
	if a, ok := fields["aspect"]; ok && e.Src != "" {
		m := aspect.FindStringSubmatch(a.Value)
		if m == nil {
			c.problemAt(lineOf(a.Line), "embed: aspect %q should be width:height, e.g. 16:9 or 4:3", a.Value)
			return Block{}, false
		}
		e.Width, _ = strconv.Atoi(m[1])
		e.Height, _ = strconv.Atoi(m[2])
	}
	c.text = append(c.text, e.Title)
	c.embeds = true
	return Block{Type: "embed", Embed: e}, true
}

// embedFor checks an address against the allow-list and works out the
// frame to load.
func embedFor(raw string) (*Embed, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("%q is not a web address", raw)
	}
	if u.Scheme != "https" {
		return nil, fmt.Errorf("%q must start with https://", raw)
	}
	host := strings.TrimPrefix(strings.ToLower(u.Hostname()), "www.")
	parts := strings.Split(strings.Trim(u.Path, "/"), "/")
	bad := func(want string) error {
		return fmt.Errorf("%q is not an address on %s that can be embedded (want %s)", raw, host, want)
	}
	switch host {
	case "youtube.com", "m.youtube.com", "youtu.be", "youtube-nocookie.com":
		id := ""
		switch {
		case host == "youtu.be" && len(parts) == 1:
			id = parts[0]
		case len(parts) == 1 && parts[0] == "watch":
			id = u.Query().Get("v")
		case len(parts) == 2 && (parts[0] == "embed" || parts[0] == "shorts" || parts[0] == "live"):
			id = parts[1]
		}
		if !youtubeID.MatchString(id) {
			return nil, bad("https://www.youtube.com/watch?v=…")
		}
		e := &Embed{Provider: "youtube", URL: "https://www.youtube.com/watch?v=" + id, Title: "Video on YouTube", Width: 16, Height: 9,
			Src: "https://www.youtube-nocookie.com/embed/" + id + "?autoplay=1"}
		if parts[0] == "shorts" {
			e.Width, e.Height = 9, 16
		}
		if t := strings.TrimSuffix(u.Query().Get("t"), "s"); digits.MatchString(t) {
			e.Src += "&start=" + t
			e.URL += "&t=" + t + "s"
		}
		return e, nil
	case "datawrapper.dwcdn.net", "datawrapper.de":
		if host == "datawrapper.de" && len(parts) >= 2 && parts[0] == "_" {
			parts = parts[1:]
		}
		if len(parts) == 0 || !dwID.MatchString(parts[0]) || len(parts) > 1 && !digits.MatchString(parts[1]) {
			return nil, bad("https://datawrapper.dwcdn.net/AbCdE/1/")
		}
		src := "https://datawrapper.dwcdn.net/" + parts[0] + "/"
		if len(parts) > 1 {
			src += parts[1] + "/"
		}
		return &Embed{Provider: "datawrapper", URL: src, Src: src, Title: "Chart on Datawrapper", Width: 4, Height: 3}, nil
	case "public.flourish.studio", "flo.uri.sh":
		if len(parts) < 2 || (parts[0] != "visualisation" && parts[0] != "story") || !digits.MatchString(parts[1]) {
			return nil, bad("https://public.flourish.studio/visualisation/1234567/")
		}
		return &Embed{Provider: "flourish", URL: "https://public.flourish.studio/" + parts[0] + "/" + parts[1] + "/",
			Src: "https://flo.uri.sh/" + parts[0] + "/" + parts[1] + "/embed", Title: "Visualisation on Flourish", Width: 4, Height: 3}, nil
	case "x.com", "twitter.com", "mobile.twitter.com", "mobile.x.com":
		if len(parts) < 3 || !xUser.MatchString(parts[0]) || parts[1] != "status" || !digits.MatchString(parts[2]) {
			return nil, bad("https://x.com/user/status/1234567890")
		}
		return &Embed{Provider: "x", URL: "https://x.com/" + parts[0] + "/status/" + parts[2], Title: "Post by @" + parts[0] + " on X"}, nil
	}
	return nil, fmt.Errorf("%s is not on the embed allow-list (%s)", host, Providers)
}
