package markdown

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// IsAddress reads a scheme as RFC 3986 writes it, the regular expression
// it replaced: the same answer for these values and for random ones.
func TestIsAddressReadsASchemeAsTheRFCDoes(t *testing.T) {
	rfc := regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.-]*:`)
	values := []string{"https://x.example/a.jpg", "HTTP://x", "javascript:alert(1)", "data:image/png;base64,AA", "//host/x.jpg",
		"images/a.png", "a.png", "./a:b.png", "1http://x", "+x:", "a+b-c.d:e", "mailto:", ":", "", "/", "a", "images:", "é:x", "a b:c", "a_b:c"}
	r := rand.New(rand.NewPCG(3, 4))
	const alphabet = "aZ09+-.:/_é "
	for range 2000 {
		b := make([]byte, r.IntN(6))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		values = append(values, string(b))
	}
	for _, v := range values {
		if got, want := IsAddress(v), rfc.MatchString(v) || strings.HasPrefix(v, "//"); got != want {
			t.Errorf("IsAddress(%q) = %v, want %v", v, got, want)
		}
	}
}
