//go:build !unix

package scratch

import (
	"errors"
	"os"
)

// Without flock, other folders are never taken for dead ones.
func hold(path string, create bool) (*os.File, error) {
	if !create {
		return nil, errors.New("scratch: cannot tell whether the owner lives")
	}
	return os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
}
