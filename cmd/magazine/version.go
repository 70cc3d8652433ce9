package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// version overrides the module version when set at link time
// (-ldflags "-X main.version=v1.2.3").
var version string

func versionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version, the commit it was built from and that commit's date",
		Args:  cobra.NoArgs,
		Run: func(c *cobra.Command, _ []string) {
			info, _ := debug.ReadBuildInfo()
			fmt.Fprint(c.OutOrStdout(), versionText(info))
		},
	}
}

// versionText reads what Go recorded in the binary: the module version
// ("(devel)" for a build from a checkout), and the VCS commit and its time
// when built inside a git clone (go build stamps them unless -buildvcs=false;
// Go cannot read them from a git worktree).
func versionText(info *debug.BuildInfo) string {
	v, goVersion := version, "unknown"
	vcs := map[string]string{}
	if info != nil {
		if v == "" {
			v = info.Main.Version
		}
		goVersion = info.GoVersion
		for _, s := range info.Settings {
			vcs[s.Key] = s.Value
		}
	}
	if v == "" {
		v = "(devel)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "magazine %s\n", v)
	if rev := vcs["vcs.revision"]; rev != "" {
		if vcs["vcs.modified"] == "true" {
			rev += " (with uncommitted changes)"
		}
		fmt.Fprintf(&b, "commit   %s\n", rev)
		fmt.Fprintf(&b, "date     %s\n", or(vcs["vcs.time"], "unknown"))
	} else {
		b.WriteString("commit   unknown (built without VCS information)\ndate     unknown\n")
	}
	fmt.Fprintf(&b, "go       %s\n", goVersion)
	return b.String()
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
