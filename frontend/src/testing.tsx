// Fixtures shared by component tests.
import type { Site, Story } from './types';

export const site: Site = {
  name: 'Nivaran',
  magazine: 'Nivaran Magazine',
  tagline: 'A Solutions-Focused Business & Economy Magazine',
  baseURL: 'https://nivaran.example',
  editorEmail: 'editor@nivaran.example',
  launchDate: '2025-09-10',
  timeZone: '', // none: days are counted in the viewer's zone, as the tests' local dates are
  launchNotice: true,
  adClient: '',
  analyticsID: '',
  forms: { launch: '/api/forms/launch', editorial: '/api/forms/editorial', partnership: '/api/forms/partnership', newsletter: '/api/forms/newsletter' },
  sections: [
    { label: 'Home', href: '/' },
    { label: 'About', href: '/about' },
  ],
};

export function story(over: Partial<Story> = {}): Story {
  return {
    id: 5,
    title: 'RBI Holds the Repo Rate',
    introduction: 'The MPC paused.',
    authors: [{ label: 'Nivaran Economy Desk', href: '/author/nivaran-economy-desk' }],
    publishedAt: '2025-08-12',
    dateLabel: 'August 12, 2025',
    category: 'Economic Policy',
    categoryHref: '/category/economic-policy',
    readTime: '5 min read',
    image: { src: '/images/cover/5.svg', width: 1200, height: 630, alt: 'Cover' },
    layout: 'story',
    backLabel: 'Back to Homepage',
    url: 'https://nivaran.example/rbi-policy',
    extra: {},
    related: [],
    blocks: [
      { type: 'p', html: 'First paragraph.' },
      { type: 'h2', html: '<h2 id="why-it-matters" class="article-body__subheading">Why It Matters</h2><a class="anchor" href="#why-it-matters" aria-label="Link to this section: Why It Matters">#</a>' },
      { type: 'p', html: 'Second paragraph.' },
      { type: 'spotlight', title: 'Solution Spotlight', children: [{ type: 'p', html: 'Refinance now.' }] },
    ],
    ...over,
  };
}
