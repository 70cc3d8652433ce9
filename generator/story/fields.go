package story

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

type field func(s *Story, v *yaml.Node) error

// fields maps each front-matter key to how it is read. Anything else is an error.
var fields = map[string]field{
	"id": func(s *Story, v *yaml.Node) error {
		n, err := strconv.Atoi(scalarOr(v))
		if err != nil || v.Kind != yaml.ScalarNode || n <= 0 {
			return fmt.Errorf("%q is not a whole number above 0", scalarOr(v))
		}
		s.ID = n
		return nil
	},
	"title":           str(func(s *Story) *string { return &s.Title }),
	"heading":         str(func(s *Story) *string { return &s.Heading }),
	"introduction":    str(func(s *Story) *string { return &s.Introduction }),
	"author":          str(func(s *Story) *string { return &s.Author }),
	"category":        str(func(s *Story) *string { return &s.Category }),
	"featuredImage":   str(func(s *Story) *string { return &s.FeaturedImage }),
	"imageAlt":        str(func(s *Story) *string { return &s.ImageAlt }),
	"imageCaption":    str(func(s *Story) *string { return &s.ImageCaption }),
	"metaTitle":       str(func(s *Story) *string { return &s.MetaTitle }),
	"metaDescription": str(func(s *Story) *string { return &s.MetaDescription }),
	"layout":          str(func(s *Story) *string { return &s.Layout }),
	"backLabel": func(s *Story, v *yaml.Node) error {
		if err := str(func(s *Story) *string { return &s.BackLabel })(s, v); err != nil {
			return err
		}
		if want := []string{"Back to Homepage", "Back to Portal"}; !slices.Contains(want, s.BackLabel) {
			return fmt.Errorf("%q must be %q or %q", s.BackLabel, want[0], want[1])
		}
		return nil
	},
	"publishedAt": func(s *Story, v *yaml.Node) error {
		if v.Kind != yaml.ScalarNode {
			return fmt.Errorf("must be a date")
		}
		d, err := ParseDate(v.Value)
		s.PublishedAt = d
		return err
	},
	"readTime": func(s *Story, v *yaml.Node) error {
		if v.Kind != yaml.ScalarNode || !readTimePattern.MatchString(v.Value) {
			return fmt.Errorf("%q should look like \"6 min\" or \"6 min read\"", scalarOr(v))
		}
		s.ReadTime = v.Value
		return nil
	},
	"imageOverlay": func(s *Story, v *yaml.Node) error {
		return v.Decode(&s.ImageOverlay)
	},
	"imageWidth":  pixels(func(s *Story) *int { return &s.ImageWidth }),
	"imageHeight": pixels(func(s *Story) *int { return &s.ImageHeight }),
	"path": func(s *Story, v *yaml.Node) error {
		p := scalarOr(v)
		if err := checkPath(p); err != nil {
			return err
		}
		s.Path = p
		return nil
	},
	"aliases": func(s *Story, v *yaml.Node) error {
		list, err := strList(v)
		for _, p := range list {
			if err := checkPath(p); err != nil {
				return err
			}
		}
		s.Aliases = list
		return err
	},
	"tags":     strs(func(s *Story) *[]string { return &s.Tags }),
	"metaTags": strs(func(s *Story) *[]string { return &s.MetaTags }),
	// Structured parts of the dedicated layouts.
	"heroKicker": str(func(s *Story) *string { return &s.Extra.HeroKicker }),
	"bottomLine": str(func(s *Story) *string { return &s.Extra.BottomLine }),
	"indicators": func(s *Story, v *yaml.Node) error { return strictDecode(v, &s.Extra.Indicators) },
	"playbook":   func(s *Story, v *yaml.Node) error { return strictDecode(v, &s.Extra.Playbook) },
	"investment": func(s *Story, v *yaml.Node) error { return strictDecode(v, &s.Extra.Investment) },
}

func fieldNames() []string {
	names := make([]string, 0, len(fields))
	for k := range fields {
		names = append(names, k)
	}
	slices.Sort(names)
	return names
}

func checkPath(p string) error {
	if !pathPattern.MatchString(p) {
		return fmt.Errorf("%q must start with / and use only letters, digits, - and _ (e.g. /rbi-policy)", p)
	}
	if strings.HasSuffix(p, "/") || strings.Contains(p, "//") {
		return fmt.Errorf("%q must not end in / or contain //", p)
	}
	return nil
}

func scalarOr(v *yaml.Node) string {
	if v.Kind == yaml.ScalarNode {
		return v.Value
	}
	return "a " + kindName(v.Kind)
}

func kindName(k yaml.Kind) string {
	switch k {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "list"
	}
	return "value"
}

func str(target func(*Story) *string) field {
	return func(s *Story, v *yaml.Node) error {
		if v.Kind != yaml.ScalarNode {
			return fmt.Errorf("must be text, not a %s", kindName(v.Kind))
		}
		*target(s) = strings.TrimSpace(v.Value)
		return nil
	}
}

func pixels(target func(*Story) *int) field {
	return func(s *Story, v *yaml.Node) error {
		n, err := strconv.Atoi(scalarOr(v))
		if err != nil || n <= 0 || n > 20000 {
			return fmt.Errorf("%q is not a size in pixels", scalarOr(v))
		}
		*target(s) = n
		return nil
	}
}

func strs(target func(*Story) *[]string) field {
	return func(s *Story, v *yaml.Node) error {
		list, err := strList(v)
		*target(s) = list
		return err
	}
}

func strList(v *yaml.Node) ([]string, error) {
	if v.Kind != yaml.SequenceNode {
		return nil, fmt.Errorf("must be a list, e.g. [\"one\", \"two\"]")
	}
	out := make([]string, 0, len(v.Content))
	for _, c := range v.Content {
		if c.Kind != yaml.ScalarNode || strings.TrimSpace(c.Value) == "" {
			return nil, fmt.Errorf("every item must be non-empty text")
		}
		out = append(out, strings.TrimSpace(c.Value))
	}
	return out, nil
}

// strictDecode decodes a structured value, rejecting keys the type lacks.
func strictDecode(v *yaml.Node, out any) error {
	if err := checkKeys(v, out); err != nil {
		return err
	}
	return v.Decode(out)
}

// checkKeys walks v alongside out's type and reports the first key that the
// type has no field for.
func checkKeys(v *yaml.Node, out any) error {
	return checkNode(v, reflect.TypeOf(out))
}

func checkNode(v *yaml.Node, t reflect.Type) error {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch {
	case v.Kind == yaml.SequenceNode && t.Kind() == reflect.Slice:
		for _, c := range v.Content {
			if err := checkNode(c, t.Elem()); err != nil {
				return err
			}
		}
	case v.Kind == yaml.MappingNode && t.Kind() == reflect.Struct:
		known := map[string]reflect.Type{}
		for i := range t.NumField() {
			f := t.Field(i)
			known[strings.Split(f.Tag.Get("yaml"), ",")[0]] = f.Type
		}
		for i := 0; i+1 < len(v.Content); i += 2 {
			key := v.Content[i].Value
			ft, ok := known[key]
			if !ok {
				names := make([]string, 0, len(known))
				for k := range known {
					names = append(names, k)
				}
				slices.Sort(names)
				return fmt.Errorf("unknown key %q (want %s)", key, strings.Join(names, ", "))
			}
			if err := checkNode(v.Content[i+1], ft); err != nil {
				return err
			}
		}
	}
	return nil
}
