package output

import (
	"fmt"
	"os"
	"strconv"
	"sync/atomic"
	"time"
)

// pauseAt is a test hook (MAGAZINE_TEST_PAUSE): "list" prints every step of
// putting a build in place to stderr; a number N stops the build at its Nth
// step, after printing it, until the process is killed. The crash test kills
// a real build at each step this way.
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
	if strconv.FormatInt(n, 10) == pauseAt {
		fmt.Fprintf(os.Stderr, "magazine: paused at step %d: %s\n", n, name)
		for {
			time.Sleep(time.Hour)
		}
	}
}
