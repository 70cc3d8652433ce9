// The landing page's fixed copy. The site's name, e-mail and endpoints come
// from the site config through props; only words that never change live here.

export interface SectionLink {
  id: 'home' | 'about' | 'why' | 'who' | 'join' | 'newsletter';
  label: string;
}

export const SECTIONS: readonly SectionLink[] = [
  { id: 'home', label: 'Home' },
  { id: 'about', label: 'About' },
  { id: 'why', label: 'Why Us' },
  { id: 'who', label: 'Who Writes' },
  { id: 'join', label: 'Join' },
  { id: 'newsletter', label: 'Newsletter' },
];

export interface ValueCard {
  pillar: 'Process' | 'Quality' | 'Approach';
  title: string;
  text: string;
}

// Two cards each for how we work, what we hold ourselves to, and the angle we take.
export const VALUES: readonly ValueCard[] = [
  {
    pillar: 'Process',
    title: 'The problem first, then the people fixing it',
    text: 'Every story starts with a cost someone is paying today — a stalled GST refund, a freight bill, a power cut on a factory floor — and then goes looking for whoever has already found a way round it.',
  },
  {
    pillar: 'Process',
    title: 'Reported where the change happens',
    text: 'We talk to the exporter in Tiruppur, the panchayat that built a solar micro-grid and the official who rewrote the rule, not only to the analysts who comment on them.',
  },
  {
    pillar: 'Quality',
    title: 'Every number has a source',
    text: 'Figures are checked against RBI bulletins, GST Council notifications, ministry releases and company filings, and the source is named in the story. When we get something wrong, the correction sits on the story itself.',
  },
  {
    pillar: 'Quality',
    title: 'Written for decisions, not for outrage',
    text: 'No scare headlines, no breathless forecasts. We write for readers who have to decide something — where to export, what to build, which scheme to apply for — and give them the context to do it well.',
  },
  {
    pillar: 'Approach',
    title: 'A Solution Spotlight ends every story',
    text: 'The last section of each article is a short, practical box: the scheme to apply for, the question to put to your banker, the step a state government could copy next quarter.',
  },
  {
    pillar: 'Approach',
    title: 'Many Indias, one lens',
    text: 'Semiconductor fabs and kirana stores, Delhi policy rooms and Tier-2 MSME clusters: we cover the whole economy and ask the same question everywhere — what is working, and how does it spread?',
  },
];

export interface ContributorCard {
  title: string;
  text: string;
}

export const CONTRIBUTORS: readonly ContributorCard[] = [
  {
    title: 'Business leaders',
    text: 'You turned round a plant, a supply chain or a loss-making branch. Tell readers what you changed, what it cost and what you would do differently.',
  },
  {
    title: 'Entrepreneurs',
    text: 'Founders building from Indore to Imphal: write about the regulatory knot you untied, the first export order, or the pricing lesson that kept you alive.',
  },
  {
    title: 'Creators',
    text: 'Explainer writers, data-visualisers, podcasters and illustrators who make the economy legible — help us turn dense reports into something a reader finishes.',
  },
  {
    title: 'Policymakers',
    text: 'Serving and former officials, legislators and state-level reformers: explain what a policy was meant to fix, how it is being implemented, and what the data says so far.',
  },
  {
    title: 'Technologists',
    text: 'Engineers and researchers in chips, digital public infrastructure, climate tech and manufacturing: show where the technology already solves a real cost for Indian firms.',
  },
  {
    title: 'Journalists & young innovators',
    text: 'Reporters with a field story nobody has told, and students or first-time builders with a prototype or a campus study worth a national audience.',
  },
];

export interface Avatar {
  // Two colours for the generated initials avatar; no photograph is used.
  from: string;
  to: string;
}

export interface Endorsement {
  quote: string;
  name: string;
  title: string;
  image: Avatar;
}

// Sample personas written by our team to show the readers we are building
// for. The names are invented; they are not real people and the page says so.
export const ENDORSEMENTS: readonly Endorsement[] = [
  {
    quote:
      'I run a family auto-components unit with forty people on the floor. The preview on US tariffs told me which markets to price for and which export-support paperwork to start on Monday. It is the first business story I have pinned to the notice board.',
    name: 'Tejal Marathe-Quadros',
    title: 'Director, family-run auto-components firm, Pune',
    image: { from: '#1f7a6d', to: '#14213d' },
  },
  {
    quote:
      'Most economy coverage tells me what went wrong. The GST piece ended with three things a state could copy, and two of them were already working in a district I know. That is the kind of journalism I want to write for.',
    name: 'Kunal Noronha-Satpathy',
    title: 'Former state industries department officer, Bhubaneswar',
    image: { from: '#b4532a', to: '#f29f3d' },
  },
  {
    quote:
      'Our campus newsletter borrows the Solution Spotlight idea now. Ending with something a reader can actually do changes how you report the whole story, and it is the first magazine I have shared in our class group unprompted.',
    name: 'Ila Rozario-Brahmbhatt',
    title: 'Economics undergraduate and campus newsletter editor, Vadodara',
    image: { from: '#3b4a66', to: '#1f7a6d' },
  },
];

// Two letters from the first and last words of a name (a double-barrelled
// surname counts as one word): the text of the generated avatar.
export function initials(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = words[0][0];
  const last = words.length > 1 ? words[words.length - 1][0] : '';
  return (first + last).toUpperCase();
}
