//go:build !linux

package worker

// Yield does nothing here: only Linux sets priorities per thread.
func Yield() {}
