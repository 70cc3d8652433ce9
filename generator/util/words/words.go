// Package words holds the sentence-making every stage shares.
package words

import "strings"

// And joins names as a sentence does: "A", "A and B", "A, B and C".
func And(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
