// Package generator is the magazine's static site generator. Its folders
// are the stages a build runs, in the order data flows through them:
//
//	content   site config, stories, their Markdown (charts, tables, figures), search terms, spelling
//	plan      the route table, related stories, search index, feeds, pictures
//	page      each route's head (meta, JSON-LD) and page data (the React props)
//	render    the frontend bundle, the Node render workers, each page's CSS
//	emit      files: the atomic output folder, the link check, host files
//
// pipeline wires the stages into one build (magazine build, check and dev
// are its three sinks); server holds what serves the result (serve, dev,
// the forms collector). util and testkit are apart: small libraries every
// stage may use, and the kits tests build sites with. A package imports
// only from its own stage, earlier stages and util (TestImportsFollowTheFlow).
package generator
