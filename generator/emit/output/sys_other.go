//go:build !linux

package output

import "os"

func exchange(staging, out, old string) error { return swapInTwoSteps(staging, out, old) }

func umaskNarrows() bool { return true }

func writeParts(f *os.File, data [][]byte) error {
	for _, d := range data {
		if _, err := f.Write(d); err != nil {
			return err
		}
	}
	return nil
}
