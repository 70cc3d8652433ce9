package output

import (
	"errors"

	"golang.org/x/sys/unix"
)

// exchange swaps two folders in one step (renameat2 RENAME_EXCHANGE): a
// reader resolving a path under either name sees one whole folder or the
// other, never a mix and never nothing.
func exchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	if errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) {
		return swapInTwoSteps(a, b) // a file system without the exchange
	}
	return err
}
