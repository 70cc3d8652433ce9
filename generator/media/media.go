// Package media resolves a story's featured image to what pages and meta tags
// need (address, size, alt text), and draws cover art for stories without one.
package media

import (
	"strconv"
	"strings"

	"github.com/nivaran/magazine/generator/story"
)

// Image is a picture as the pages use it. Custom names a visual drawn by a
// React component instead of a file (e.g. "trade-partnership").
type Image struct {
	Src    string `json:"src,omitempty"`
	Width  int    `json:"width,omitempty"`
	Height int    `json:"height,omitempty"`
	Alt    string `json:"alt"`
	Custom string `json:"custom,omitempty"`
}

// Cover size: the 1200x630 social-card shape, so one picture serves both.
const (
	CoverWidth  = 1200
	CoverHeight = 630
)

// Featured is the picture shown at the top of a story.
func Featured(s *story.Story) Image {
	v := s.FeaturedImage
	alt := s.ImageAlt
	if alt == "" || v == "generated" || v == "" {
		// Generated art is an illustration, whatever photo the editor imagined.
		alt = "Illustration for “" + s.Title + "”"
	}
	switch {
	case strings.HasPrefix(v, "custom:"):
		return Image{Custom: strings.TrimPrefix(v, "custom:"), Alt: alt, Src: CoverPath(s), Width: CoverWidth, Height: CoverHeight}
	case v == "generated" || v == "":
		return Image{Src: CoverPath(s), Width: CoverWidth, Height: CoverHeight, Alt: alt}
	case strings.Contains(v, "://"):
		return Image{Src: v, Width: CoverWidth, Height: CoverHeight, Alt: alt}
	}
	return Image{Src: "/" + strings.TrimPrefix(v, "/"), Width: CoverWidth, Height: CoverHeight, Alt: alt}
}

// CoverPath is where a story's generated cover is written.
func CoverPath(s *story.Story) string {
	return "/images/cover/" + strconv.Itoa(s.ID) + ".svg"
}
