// @vitest-environment-options {"url": "https://nivaran.example/about"}
import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderLanding } from './fixture';

it('hides the debug panel on a public host', () => {
  expect(window.location.hostname).toBe('nivaran.example');
  renderLanding();
  expect(screen.queryByRole('complementary', { name: 'Debug panel' })).toBeNull();
  expect(document.body.textContent).not.toContain('/api/forms/editorial');
  // The page itself is there.
  expect(document.getElementById('newsletter-form')).toBeTruthy();
});
