import type { CSSProperties } from 'react';
import { Link } from '../components/Link';
import type { Site } from '../types';
import './landing.css';
import { track } from '../analytics';
import { CONTRIBUTORS, SECTIONS, VALUES } from './content';
import { ContactForm } from './ContactForm';
import { DebugPanel } from './DebugPanel';
import { Endorsements } from './Endorsements';
import type { FieldDef } from './Field';
import { editorialSchema, partnershipSchema } from './forms';
import { NewsletterForm } from './NewsletterForm';
import { SectionNav } from './SectionNav';
import { withBase } from '../sitepath';

export { ERROR_CLEAR_MS, SUCCESS_CLEAR_MS } from './forms';
export { MENU_SCROLL_DELAY_MS } from './SectionNav';

// Spotlight grid cards rise in one after another, 0.1 s apiece. The delay is
// set per card; landing.css (and the global reduced-motion rule) switch the
// animation off for readers who ask for less motion.
export const STAGGER_STEP_S = 0.1;

export function staggerStyle(index: number): CSSProperties {
  return { animationDelay: `${(index * STAGGER_STEP_S).toFixed(1)}s` };
}

const name: FieldDef = { name: 'name', label: 'Full name', type: 'text', autoComplete: 'name', required: true };
const email: FieldDef = { name: 'email', label: 'Email', type: 'email', autoComplete: 'email', required: true };
const phone: FieldDef = { name: 'phone', label: 'Phone', type: 'tel', autoComplete: 'tel' };
const company: FieldDef = { name: 'company', label: 'Company or organisation', type: 'text', autoComplete: 'organization' };

const EDITORIAL_FIELDS = [name, email, phone, company];
const PARTNERSHIP_FIELDS = [name, company, email, phone];

const BEATS = [
  'Economic policy & reform',
  'International trade',
  'Technology & semiconductors',
  'Energy & environment',
  'MSMEs & entrepreneurship',
  'Markets & the consumer economy',
];

// The About page: a landing page announcing the magazine and collecting
// contributor, partner and newsletter leads. The shared header and footer
// surround it; its own section nav sticks beneath the shared header.
export function Landing({ site }: { site: Site }) {
  // In collector mode the endpoints are site paths, below the base path.
  const editorial = withBase(site.forms.editorial);
  const partnership = withBase(site.forms.partnership);
  const endpoints = [editorial, partnership];
  return (
    <div className="landing">
      <SectionNav />

      <section id="home" className="landing-hero" aria-labelledby="home-title" tabIndex={-1}>
        <div className="landing-hero__inner">
          <span className="badge">Coming Soon</span>
          <p className="landing-kicker landing-kicker--light">Perspectives on India's Future</p>
          <h1 id="home-title" className="landing-hero__title">
            News that solves, for the India being built right now
          </h1>
          <p className="landing-hero__lede">
            {site.magazine} is a solutions-focused magazine on India's economy, policy, technology and trade. Every story
            follows a problem to the people already solving it, and ends with a Solution Spotlight you can act on.
          </p>
          <div className="landing-hero__actions">
            <Link to="/portal" className="button button--ghost">
              Go to Portal
            </Link>
            <a href="#join" className="button landing-button--saffron" onClick={() => track('cta_click', { event_label: 'hero_section_cta' })}>
              Shape India's Next
            </a>
          </div>
        </div>
      </section>

      <section id="about" className="landing-section" aria-labelledby="about-title" tabIndex={-1}>
        <div className="landing-section__inner landing-about">
          <div>
            <p className="landing-kicker">About us</p>
            <h2 id="about-title" className="landing-section__title">
              A magazine that follows the problem to its answer
            </h2>
            <p>
              <em>Nivaran</em> means remedy — the act of setting something right. Business journalism in India is very
              good at diagnosis: tariffs rise, refunds stall, a sector slows, and the coverage stops at the headline. We
              keep going, to the MSME cluster that rerouted its exports, the state that cut its approval times, the founder
              who found a cheaper way to do something hard.
            </p>
            <p>
              Our section <strong>News That Solves</strong> covers the economy in plain language for founders, exporters,
              investors, officials and students. Each article ends with a <strong>Solution Spotlight</strong>: practical
              advice you can use whether you run a company, advise one, or are about to start one.
            </p>
          </div>
          <div className="landing-about__beats">
            <h3 className="landing-subtitle">What we cover</h3>
            <ul>
              {BEATS.map((b) => (
                <li key={b}>{b}</li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section id="why" className="landing-section landing-section--cream" aria-labelledby="why-title" tabIndex={-1}>
        <div className="landing-section__inner">
          <p className="landing-kicker">Why {site.name}</p>
          <h2 id="why-title" className="landing-section__title">
            Our process, our standard, our approach
          </h2>
          <p className="landing-section__lede">
            Solutions journalism is not good-news journalism. It is rigorous reporting on how people respond to a problem —
            including the evidence of what has not worked.
          </p>
          <ul className="landing-grid landing-spotlight-grid" aria-label="Our values">
            {VALUES.map((v, i) => (
              <li key={v.title} className="landing-card landing-card--value" style={staggerStyle(i)}>
                <span className="landing-card__pillar">{v.pillar}</span>
                <h3 className="landing-card__title">{v.title}</h3>
                <p className="landing-card__text">{v.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="who" className="landing-section" aria-labelledby="who-title" tabIndex={-1}>
        <div className="landing-section__inner">
          <p className="landing-kicker">Who writes for us</p>
          <h2 id="who-title" className="landing-section__title">
            The people building India's economy, in their own words
          </h2>
          <p className="landing-section__lede">
            We are gathering contributors who know the economy from the inside. If you have done the work, we want you to
            write about it — our editors will help you shape the piece.
          </p>
          <ul className="landing-grid landing-spotlight-grid" aria-label="Contributors we are looking for">
            {CONTRIBUTORS.map((c, i) => (
              <li key={c.title} className="landing-card landing-card--contributor" style={staggerStyle(i)}>
                <h3 className="landing-card__title">{c.title}</h3>
                <p className="landing-card__text">{c.text}</p>
              </li>
            ))}
          </ul>
          <Endorsements />
        </div>
      </section>

      <section id="join" className="landing-section landing-section--cream" aria-labelledby="join-title" tabIndex={-1}>
        <div className="landing-section__inner">
          <p className="landing-kicker">Join us</p>
          <h2 id="join-title" className="landing-section__title">
            Shape India's Next
          </h2>
          <p className="landing-section__lede">
            Tell us what you would like to write, or how your organisation would like to work with us. An editor reads every
            message.
          </p>
          <div className="landing-forms">
            <ContactForm
              id="editorial-form"
              title="Editorial inquiry"
              intro="Pitch a story, offer a column, or join our contributor network."
              action={editorial}
              endpoints={endpoints}
              subject={`New editorial inquiry — ${site.magazine}`}
              schema={editorialSchema}
              fields={EDITORIAL_FIELDS}
              submitLabel="Send editorial inquiry"
            />
            <ContactForm
              id="partnership-form"
              title="Partnership inquiry"
              intro="For brands, advertisers, institutions and events that want to reach the readers building India's economy."
              action={partnership}
              endpoints={endpoints}
              subject={`New partnership inquiry — ${site.magazine}`}
              schema={partnershipSchema}
              fields={PARTNERSHIP_FIELDS}
              submitLabel="Send partnership inquiry"
            />
          </div>
          <p className="landing-join__direct">
            Prefer e-mail? Write to <a href={`mailto:${site.editorEmail}`}>{site.editorEmail}</a>.
          </p>
        </div>
      </section>

      <section id="newsletter" className="landing-footer" aria-labelledby="newsletter-title" tabIndex={-1}>
        <div className="landing-footer__inner">
          <div className="landing-footer__brand">
            <p className="landing-footer__name">{site.magazine}</p>
            <p>{site.tagline}</p>
            <p className="landing-footer__motto">News That Solves</p>
          </div>
          <nav className="landing-footer__links" aria-label="Quick links">
            <h3 className="landing-footer__heading">Quick links</h3>
            <ul>
              {SECTIONS.filter((s) => s.id !== 'newsletter').map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`}>{s.label}</a>
                </li>
              ))}
              <li>
                <Link to="/privacy-policy">Privacy Policy</Link>
              </li>
            </ul>
          </nav>
          <div className="landing-footer__signup">
            <h2 id="newsletter-title" className="landing-footer__heading landing-footer__heading--big">
              Get the launch issue first
            </h2>
            <p>One e-mail when the portal opens, then a weekly round-up of Solution Spotlights. Unsubscribe any time.</p>
            <NewsletterForm action={withBase(site.forms.newsletter)} />
            <Link to="/portal" className="button landing-button--saffron landing-footer__portal">
              Go to Portal
            </Link>
          </div>
        </div>
      </section>

      <DebugPanel site={site} />
    </div>
  );
}
