package pipeline_test

import (
	"os"
	"testing"

	"github.com/nivaran/magazine/generator/testkit/ramtmp"
)

func TestMain(m *testing.M) { os.Exit(ramtmp.Run(m)) }
