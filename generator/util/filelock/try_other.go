//go:build !unix

package filelock

import (
	"errors"
	"os"
)

// Without flock there is no lock to take: callers go on without it.
func try(*os.File) (bool, error) { return false, errors.New("filelock: not supported here") }
