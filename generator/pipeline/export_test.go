package pipeline

// StoriesWithoutBodies counts the stories the builder holds from its last
// build without their body blocks (tests).
func (b *Builder) StoriesWithoutBodies() int {
	n := 0
	for _, s := range b.loaded.stories {
		if s.Body.Blocks == nil {
			n++
		}
	}
	return n
}

// Working reports whether the builder's render workers run (tests).
func (b *Builder) Working() bool { return b.pool != nil }
