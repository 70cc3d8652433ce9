//go:build !linux

package ramtmp

func folder() string { return "" }
