module github.com/nivaran/magazine

go 1.26.8

require (
	github.com/evanw/esbuild v0.28.2
	github.com/spf13/cobra v1.10.2
	github.com/yuin/goldmark v1.8.7
	gopkg.in/yaml.v3 v3.0.1
)

require (
	github.com/inconshreveable/mousetrap v1.1.0 // indirect
	github.com/spf13/pflag v1.0.9 // indirect
	golang.org/x/sys v0.0.0-20220715151400-c0bba94af5f8 // indirect
)
