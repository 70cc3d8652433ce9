package head

// Typed schema.org values; omitempty drops what a page does not have.

type party struct {
	Type string       `json:"@type"`
	Name string       `json:"name"`
	URL  string       `json:"url,omitempty"`
	Logo *imageObject `json:"logo,omitempty"`
}

type imageObject struct {
	Type   string `json:"@type"`
	URL    string `json:"url"`
	Width  int    `json:"width,omitempty"`
	Height int    `json:"height,omitempty"`
}

type article struct {
	Context          string        `json:"@context"`
	Type             string        `json:"@type"`
	Headline         string        `json:"headline"`
	Description      string        `json:"description"`
	Image            []imageObject `json:"image"`
	Author           []party       `json:"author"`
	Publisher        *party        `json:"publisher"`
	DatePublished    string        `json:"datePublished"`
	DateModified     string        `json:"dateModified"`
	ArticleSection   string        `json:"articleSection"`
	Keywords         string        `json:"keywords,omitempty"`
	MainEntityOfPage string        `json:"mainEntityOfPage"`
	URL              string        `json:"url"`
	WordCount        int           `json:"wordCount,omitempty"`
	InLanguage       string        `json:"inLanguage,omitempty"`
}

type website struct {
	Context         string        `json:"@context"`
	Type            string        `json:"@type"`
	Name            string        `json:"name"`
	URL             string        `json:"url"`
	Description     string        `json:"description,omitempty"`
	Publisher       *party        `json:"publisher,omitempty"`
	PotentialAction *searchAction `json:"potentialAction,omitempty"`
}

type searchAction struct {
	Type       string     `json:"@type"`
	Target     entryPoint `json:"target"`
	QueryInput string     `json:"query-input"`
}

type entryPoint struct {
	Type        string `json:"@type"`
	URLTemplate string `json:"urlTemplate"`
}

type breadcrumbList struct {
	Context string     `json:"@context"`
	Type    string     `json:"@type"`
	Items   []listItem `json:"itemListElement"`
}

type listItem struct {
	Type     string `json:"@type"`
	Position int    `json:"position"`
	Name     string `json:"name"`
	Item     string `json:"item,omitempty"`
}

type collectionPage struct {
	Context     string   `json:"@context"`
	Type        string   `json:"@type"`
	Name        string   `json:"name"`
	URL         string   `json:"url"`
	Description string   `json:"description,omitempty"`
	MainEntity  itemList `json:"mainEntity"`
}

type itemList struct {
	Type  string     `json:"@type"`
	Items []listItem `json:"itemListElement"`
}

type person struct {
	Context     string       `json:"@context"`
	Type        string       `json:"@type"`
	Name        string       `json:"name"`
	URL         string       `json:"url"`
	JobTitle    string       `json:"jobTitle,omitempty"`
	Description string       `json:"description,omitempty"`
	Image       *imageObject `json:"image,omitempty"`
	SameAs      []string     `json:"sameAs,omitempty"`
	WorksFor    *party       `json:"worksFor,omitempty"`
	// Of a desk or team (site.Author.Organization), in place of worksFor.
	ParentOrganization *party `json:"parentOrganization,omitempty"`
}
