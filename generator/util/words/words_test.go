package words

import (
	"strings"
	"testing"
)

func TestAnd(t *testing.T) {
	for names, want := range map[string]string{"": "", "A": "A", "A,B": "A and B", "A,B,C,D": "A, B, C and D"} {
		list := strings.Split(names, ",")
		if names == "" {
			list = nil
		}
		if got := And(list); got != want {
			t.Errorf("And(%q) = %q", names, got)
		}
	}
}
