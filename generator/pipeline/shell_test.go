package pipeline

import (
	"bytes"
	"html/template"
	"testing"
)

func TestShellMatchesTheTemplate(t *testing.T) {
	t.Parallel()
	base := shellData{Lang: "en-IN", Boot: "/assets/boot-X.js", Styles: []string{"/assets/a.css"}}
	head, body, data := `<title>T &amp; </title>`, `<main><p>x</p></main>`, []byte(`{"path":"/a","q":"\u003c/script\u003e"}`)
	for name, src := range map[string]string{
		"plain":    `<head>{{.Head}}{{range .Styles}}<link rel="stylesheet" href="{{.}}">{{end}}</head><body>{{.Body}}<script type="application/json">{{.Data}}</script><script src="{{.Boot}}"></script>`,
		"repeated": `{{.Body}}|{{.Head}}|{{.Body}}`,
		"no slots": `<p lang="{{.Lang}}">static</p>`,
		// In an attribute the template escapes the head: markers cannot say
		// how, so every page runs the template.
		"escaped": `<div title="{{.Head}}">{{.Body}}</div>`,
	} {
		tpl := template.Must(template.New(name).Parse(src))
		sh, err := newShell(tpl, base)
		if err != nil {
			t.Fatal(err)
		}
		for range 2 {
			parts, err := sh.page(head, body, data)
			if err != nil {
				t.Fatal(err)
			}
			got := bytes.Join(parts, nil)
			want, _ := sh.run(head, body, data)
			if string(got) != string(want) {
				t.Errorf("%s:\n got %s\nwant %s", name, got, want)
			}
		}
		if fast := sh.parts != nil; fast == (name == "escaped") {
			t.Errorf("%s: filled from markers = %v", name, fast)
		}
	}
}
