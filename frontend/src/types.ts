// Page data as the Go generator writes it (generator/pagedata). Keep in step.

export type Kind = 'home' | 'about' | 'privacy' | 'portal' | 'story' | 'notfound' | 'listing' | 'thanks' | 'search';

export interface Forms {
  launch: string;
  editorial: string;
  partnership: string;
  newsletter: string;
}

export interface Site {
  name: string;
  magazine: string;
  tagline: string;
  baseURL: string;
  editorEmail: string;
  launchDate: string;
  launchNotice: boolean; // false: no launch modal, popup or banner at all
  adClient: string;
  analyticsID: string;
  forms: Forms;
}

export interface Image {
  src?: string;
  srcset?: string;
  width?: number;
  height?: number;
  alt: string;
  custom?: string;
}

export interface Block {
  type:
    | 'p' | 'h2' | 'h3' | 'ul' | 'ol' | 'quote' | 'hr' | 'spotlight'
    | 'table' | 'chart' | 'figure' | 'code' | 'pullquote' | 'callout' | 'notes' | 'embed';
  html?: string;
  title?: string;
  children?: Block[];
  embed?: Embed;
}

// generator/markdown.Embed: content from an allowed site, loaded on demand.
export interface Embed {
  provider: 'youtube' | 'datawrapper' | 'flourish' | 'x';
  url: string;
  src?: string;
  title: string;
  width?: number;
  height?: number;
}

export interface Indicator {
  label: string;
  value: string;
  note?: string;
}

export interface Extra {
  heroKicker?: string;
  indicators?: Indicator[];
  playbook?: { immediate: string[]; mediumTerm: string[]; implementation: string[] };
  investment?: { title: string; points: string[] };
  bottomLine?: string;
}

export interface Story {
  id: number;
  title: string;
  heading?: string;
  introduction: string;
  author: string;
  publishedAt: string;
  dateLabel: string;
  category: string;
  categoryHref: string;
  authorHref: string;
  readTime?: string;
  tags?: string[];
  image: Image;
  imageCaption?: string;
  imageOverlay?: boolean;
  layout: string;
  backLabel: string;
  url: string;
  blocks: Block[];
  embeds?: boolean; // the blocks hold an embed: its component is loaded first
  extra: Extra;
  related: Card[];
}

export interface Card {
  id: number;
  title: string;
  introduction: string;
  author: string;
  category: string;
  publishedAt: string;
  dateLabel: string;
  readTime?: string;
  image: Image;
  href: string;
  categoryHref: string;
}

export interface Home {
  lead?: Card;
  latest: Card[];
  featured: Card[];
  spotlight: Card[];
  editorsPick: Card[];
  editorsPickTarget: string;
}

export interface List {
  kind: 'archive' | 'category' | 'author';
  title: string;
  description?: string;
  role?: string;
  base: string;
  page: number;
  pages: number;
  cards: Card[];
}

export interface PageData {
  kind: Kind;
  path: string;
  site: Site;
  story?: Story;
  home?: Home;
  list?: List;
  categories?: string[];
}

export interface HeadTag {
  tag: string;
  attrs: [string, string][];
}

export interface Head {
  title: string;
  tags: HeadTag[];
  jsonld?: unknown[];
}

export interface RouteData {
  head: Head;
  page: PageData;
}
