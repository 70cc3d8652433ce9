// A Site fixture of the landing tests' own, and a renderer with a router
// (the page links to /portal and /privacy-policy).
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Site } from '../types';
import { Landing } from './Landing';

export const landingSite: Site = {
  name: 'Nivaran',
  magazine: 'Nivaran Magazine',
  tagline: 'A Solutions-Focused Business & Economy Magazine',
  baseURL: 'https://nivaran.example',
  editorEmail: 'desk@nivaran.example',
  launchDate: '2025-09-10',
  timeZone: '', // none: days are counted in the viewer's zone, as the tests' local dates are
  launchNotice: true,
  adClient: '',
  analyticsID: '',
  forms: {
    launch: '/api/forms/launch',
    editorial: '/api/forms/editorial',
    partnership: 'https://forms.nivaran.example/f/partnership',
    newsletter: '/api/forms/newsletter',
  },
  sections: [
    { label: 'Home', href: '/' },
    { label: 'About', href: '/about' },
  ],
};

export function withForms(forms: Partial<Site['forms']>): Site {
  return { ...landingSite, forms: { ...landingSite.forms, ...forms } };
}

export function renderLanding(site: Site = landingSite) {
  return render(
    <MemoryRouter initialEntries={['/about']}>
      <Landing site={site} />
    </MemoryRouter>,
  );
}

// Lets the promise chain of a mocked fetch run to the end, inside act so
// React applies the state it sets. Needed with fake timers, where nothing
// else advances.
export async function flush(): Promise<void> {
  await act(async () => {
    for (let i = 0; i < 10; i++) await Promise.resolve();
  });
}
