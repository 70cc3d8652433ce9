package pipeline

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// frontend/public may not put files where the site serves only hashed
// names, immutable: they would be kept a year by every browser.
func TestPublicFilesStayOutOfTheHashedFolders(t *testing.T) {
	public := t.TempDir()
	os.WriteFile(filepath.Join(public, "logo.svg"), []byte("<svg/>"), 0o644)
	if err := hashedOnly(public); err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{"images", "assets"} {
		os.Mkdir(filepath.Join(public, dir), 0o755)
		err := hashedOnly(public)
		if err == nil || !strings.HasPrefix(err.Error(), filepath.Join(public, dir)+": /"+dir+"/ holds only files") {
			t.Errorf("frontend/public/%s: %v", dir, err)
		}
		os.Remove(filepath.Join(public, dir))
	}
}
