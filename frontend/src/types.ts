// Generated from the Go types in generator/page/pagedata by go generate ./...; do not edit.
// A test (generator/page/pagedata) fails when this file is stale.

export interface RouteData {
  head: Head;
  page: PageData;
}

export interface Head {
  title: string;
  elements: HeadElement[];
  jsonld?: unknown[];
}

export interface HeadElement {
  name: string;
  attrs: [string, string][];
}

export interface PageDataCommon {
  path: string;
  site: Site;
}

export type PageData = PageDataCommon & (
  | { kind: 'home'; home: Home; }
  | { kind: 'about'; }
  | { kind: 'privacy'; }
  | { kind: 'portal'; }
  | { kind: 'story'; story: Story; }
  | { kind: 'notfound'; latest: Card[]; }
  | { kind: 'listing'; list: List; }
  | { kind: 'thanks'; }
  | { kind: 'search'; categories: string[]; }
);

/** The member of PageData whose kind is K. */
export type PageDataOf<K extends Kind> = Extract<PageData, { kind: K }>;

export type Kind = 'home' | 'about' | 'privacy' | 'portal' | 'story' | 'notfound' | 'listing' | 'thanks' | 'search';

export interface Site {
  name: string;
  magazine: string;
  tagline: string;
  baseURL: string;
  basePath?: string;
  editorEmail: string;
  launchDate: string;
  timeZone: string;
  launchNotice: boolean;
  adClient: string;
  analyticsID: string;
  forms: Forms;
  sections: Link[];
}

export interface Forms {
  launch: string;
  editorial: string;
  partnership: string;
  newsletter: string;
}

export interface Link {
  label: string;
  href: string;
}

export interface Home {
  lead?: Card;
  latest: Card[];
  featured: Card[];
  spotlight: Card[];
  editorsPick: Card[];
  editorsPickTarget: string;
}

export interface Card {
  title: string;
  introduction: string;
  byline: string;
  category: string;
  publishedAt: string;
  dateLabel: string;
  readTime?: string;
  image: Image;
  href: string;
  categoryHref: string;
  draft?: boolean;
  scheduled?: boolean;
}

export interface Image {
  src?: string;
  srcset?: string;
  width?: number;
  height?: number;
  alt: string;
  custom?: CustomVisual;
}

export type CustomVisual = 'trade-partnership';

export interface Story {
  id: number;
  title: string;
  heading?: string;
  introduction: string;
  authors: Link[];
  publishedAt: string;
  dateLabel: string;
  updatedAt?: string;
  updatedLabel?: string;
  draft?: boolean;
  scheduled?: boolean;
  category: string;
  categoryHref: string;
  readTime?: string;
  tags?: Link[];
  image: Image;
  imageCaption?: string;
  imageOverlay?: boolean;
  layout: Layout;
  backLabel: string;
  url: string;
  blocks: Block[];
  embeds?: boolean;
  extra: Extra;
  corrections?: Correction[];
  related: Card[];
}

export type Layout = 'story' | 'article' | 'energy' | 'storm' | 'playbook';

export interface Block {
  type: 'p' | 'h2' | 'h3' | 'ul' | 'ol' | 'quote' | 'hr' | 'spotlight' | 'table' | 'chart' | 'figure' | 'code' | 'pullquote' | 'callout' | 'notes' | 'embed';
  html?: string;
  title?: string;
  children?: Block[];
  embed?: Embed;
}

export interface Embed {
  provider: 'youtube' | 'datawrapper' | 'flourish' | 'x';
  url: string;
  src?: string;
  title: string;
  width?: number;
  height?: number;
}

export interface Extra {
  heroKicker?: string;
  indicators?: Indicator[];
  playbook?: Playbook;
  investment?: Investment;
  bottomLine?: string;
}

export interface Indicator {
  label: string;
  value: string;
  note?: string;
}

export interface Playbook {
  immediate: string[];
  mediumTerm: string[];
  implementation: string[];
}

export interface Investment {
  title: string;
  points: string[];
}

export interface Correction {
  date: string;
  dateLabel: string;
  text: string;
}

export interface List {
  kind: ListKind;
  title: string;
  description?: string;
  role?: string;
  photo?: Image;
  links?: Link[];
  feed?: string;
  base: string;
  page: number;
  pages: number;
  cards: Card[];
}

export type ListKind = 'archive' | 'category' | 'author' | 'tag';
