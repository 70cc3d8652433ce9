package output

import (
	"fmt"
	"os"
	"sync/atomic"
	"time"
)

// pauseAt is a test hook (MAGAZINE_TEST_PAUSE): "list" prints every step of
// putting a build in place to stderr; any other value stops the build at
// the first step of that name (e.g. "swapped", "write index.html"), after
// printing it, until the process is killed. The crash test kills a real
// build at chosen steps this way.
var pauseAt = os.Getenv("MAGAZINE_TEST_PAUSE")

var steps atomic.Int64

func step(name string) {
	if pauseAt == "" {
		return
	}
	n := steps.Add(1)
	if pauseAt == "list" {
		fmt.Fprintf(os.Stderr, "magazine: step %d: %s\n", n, name)
		return
	}
	if name == pauseAt {
		fmt.Fprintf(os.Stderr, "magazine: paused at step %d: %s\n", n, name)
		for {
			time.Sleep(time.Hour)
		}
	}
}
