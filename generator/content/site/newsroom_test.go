package site

import (
	"strings"
	"testing"
	"time"
)

func TestNewsroomDefaults(t *testing.T) {
	c, err := load(t, base)
	if err != nil {
		t.Fatal(err)
	}
	if c.TimeZone != "Asia/Kolkata" || c.Location.String() != "Asia/Kolkata" {
		t.Errorf("time zone %q %v", c.TimeZone, c.Location)
	}
	if len(c.Sections) != 2 || c.Sections[0] != (Section{"Home", "/"}) || c.Sections[1] != (Section{"About", "/about"}) {
		t.Errorf("sections %v", c.Sections)
	}
	if names := c.AuthorNames(); names == nil || len(names) != 0 {
		t.Errorf("author names %#v", names)
	}
}

func TestNewsroomSettings(t *testing.T) {
	c, err := load(t, base+`timeZone: UTC
sections: [{label: Home, path: /}, {label: Technology, path: /category/technology}]
authors:
  - name: Asha Rao
    role: Writer
    bio: Writes.
    photo: images/asha.jpg
    links: [{label: Website, url: "https://asha.example"}, {label: E-mail, url: "mailto:asha@x.example"}]
`)
	if err != nil {
		t.Fatal(err)
	}
	if c.Location != time.UTC || len(c.Sections) != 2 || c.Author("Asha Rao").Photo != "images/asha.jpg" || len(c.Author("Asha Rao").Links) != 2 {
		t.Errorf("%+v", c)
	}
}

// Each mistake is reported at its line of site.yaml.
func TestBadNewsroomSettings(t *testing.T) {
	for extra, want := range map[string]string{
		"timeZone: Mars/Olympus\n":                                "site.yaml:6: timeZone: \"Mars/Olympus\" is not a time zone",
		"sections: [{label: Home}]\n":                             "site.yaml:6: sections[0]: give a label and a path",
		"sections: [{path: /}]\n":                                 "site.yaml:6: sections[0]: give a label and a path",
		"authors: [{name: A}, {name: A}]\n":                       `site.yaml:6: authors: "A" is listed twice`,
		"authors: [{role: x}]\n":                                  "site.yaml:6: authors[0]: name is required",
		"authors: [{name: A, photo: ../secret.jpg}]\n":            "photo \"../secret.jpg\" must be a picture under the stories folder",
		"authors: [{name: A, photo: /etc/passwd}]\n":              "must be a picture under the stories folder",
		"authors: [{name: A, links: [{label: X, url: x.com}]}]\n": "each link needs a label and an absolute https://",
		"authors: [{name: A, links: [{url: https://x.com}]}]\n":   "each link needs a label",
		"perPage: -3\n":                                           "site.yaml:6: perPage: -3 stories a listing page cannot show: give a number from 1 to 100",
		"editorEmail: not an email\n":                             `site.yaml:5: editorEmail: "not an email" is not an email address (want name@example.com)`,
		"editorEmail: Desk <desk@x.example>\n":                    `site.yaml:5: editorEmail: "Desk <desk@x.example>" is not an email address`,
		"language: english!!\n":                                   `site.yaml:6: language: "english!!" is not a language tag (want one such as en, en-IN or hi)`,
		"language: en_IN\n":                                       `site.yaml:6: language: "en_IN" is not a language tag`,
		"perPage: 1000000\n":                                      "site.yaml:6: perPage: 1000000 stories a listing page cannot show",
		"home: {latest: 9223372036854775807}\n":                   "site.yaml:6: home.latest: 9223372036854775807 cards the latest grid cannot show",
		"home:\n  links:\n    7: \"javascript:alert(1)\"\n":       `site.yaml:8: home.links.7: "javascript:alert(1)": give a page of the site (/about) or a web address (https://…)`,
		"home:\n  links:\n    7: /../../etc\n":                    `site.yaml:8: home.links.7: "/../../etc": write the page's own address, with no . or .. parts`,
		"home:\n  links:\n    7: https:///x\n":                    `site.yaml:8: home.links.7: "https:///x" names no host`,
		"home:\n  links:\n    abc: /about\n":                      `site.yaml:8: home.links: key "abc" is not a whole number`,
		"home:\n  lead: 1\n  latest: -3\n":                        "site.yaml:8: home.latest: -3 cards",
	} {
		text := base + extra
		if strings.HasPrefix(extra, "editorEmail:") { // in place of base's
			text = strings.Replace(base, "editorEmail: desk@nivaran.example\n", "", 1) + extra
		}
		if _, err := load(t, text); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", extra, err, want)
		}
	}
}
