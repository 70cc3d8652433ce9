import { execFileSync } from 'node:child_process';
import { test, expect, hydrated } from './fixtures';

function leads(): Array<Record<string, string>> {
  const out = execFileSync('bin/magazine', ['leads', 'export', '--format', 'json', '--data', '.cache/e2e-data'], { encoding: 'utf8' });
  return JSON.parse(out);
}

test('the landing page has its sections, title and cards', async ({ page }) => {
  await page.goto('/about');
  await hydrated(page);
  await expect(page).toHaveTitle("About the magazine - Perspectives on India's Future");
  for (const id of ['home', 'about', 'why', 'who', 'join', 'newsletter']) await expect(page.locator(`section#${id}`)).toHaveCount(1);
  await expect(page.getByText('Coming Soon').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go to Portal' }).first()).toHaveAttribute('href', '/portal/');
  await expect(page.getByRole('link', { name: "Shape India's Next" })).toHaveAttribute('href', '#join');
  await expect(page.getByRole('list', { name: 'Our values' }).getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('list', { name: 'Contributors we are looking for' }).getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('img', { name: 'Rated 5 out of 5' })).toHaveCount(3);
});

test('editorial inquiry: validation, then a real submission reaches the collector', async ({ page }) => {
  await page.goto('/about#join');
  await hydrated(page);
  const form = page.locator('#editorial-form');
  await form.getByRole('button', { name: 'Send editorial inquiry' }).click();
  await expect(form.getByText('Required').first()).toBeVisible();
  await form.getByLabel('Full name').fill('Meera Iyer-Sampath');
  await form.getByLabel('Email').fill('not-an-email');
  await expect(form.getByText('Invalid email')).toBeVisible();
  await form.getByLabel('Email').fill('meera@example.in');
  await form.getByLabel('Company or organisation').fill('Solapur Textiles Co-op');
  await form.getByRole('button', { name: 'Send editorial inquiry' }).click();
  await expect(form.getByText('Thank you! Your submission has been sent successfully. We\'ll get back to you soon.')).toBeVisible();
  const lead = leads().find((l) => l.email === 'meera@example.in');
  expect(lead).toMatchObject({ form: 'editorial', name: 'Meera Iyer-Sampath', company: 'Solapur Textiles Co-op' });
});

test('partnership inquiry reaches the collector', async ({ page }) => {
  await page.goto('/about#join');
  await hydrated(page);
  const form = page.locator('#partnership-form');
  await form.getByLabel('Full name').fill('Kabir Anand-Menon');
  await form.getByLabel('Email').fill('kabir@example.in');
  await form.getByLabel('Phone').fill('+91 98765 43210');
  await form.getByRole('button', { name: 'Send partnership inquiry' }).click();
  await expect(form.getByText(/Thank you! Your submission has been sent successfully/)).toBeVisible();
  expect(leads().find((l) => l.email === 'kabir@example.in')).toMatchObject({ form: 'partnership', phone: '+91 98765 43210' });
});

test('newsletter: a plain form post lands on the thank-you page and is stored', async ({ page }) => {
  await page.goto('/about#newsletter');
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Newsletter sign-up' });
  await form.getByLabel('Email address').fill('reader@example.in');
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page).toHaveURL(/\/thank-you\/\?form=newsletter$/);
  await expect(page.getByRole('heading', { name: 'Thank You!' })).toBeVisible();
  expect(leads().find((l) => l.email === 'reader@example.in')).toMatchObject({ form: 'newsletter' });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('the newsletter form still works', async ({ page }) => {
    await page.goto('/about');
    await page.getByLabel('Email address').fill('nojs@example.in');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page).toHaveURL(/\/thank-you\/\?form=newsletter$/);
    expect(leads().find((l) => l.email === 'nojs@example.in')).toBeTruthy();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  test('a section link closes the menu, then scrolls to the section', async ({ page }) => {
    await page.goto('/about');
    await hydrated(page);
    const nav = page.getByRole('navigation', { name: 'On this page' });
    await nav.getByRole('button', { name: 'On this page' }).click();
    await nav.getByRole('link', { name: 'Join' }).click();
    await expect(nav.getByRole('button', { name: 'On this page' })).toHaveAttribute('aria-expanded', 'false');
    await expect.poll(async () => (await page.locator('#join').boundingBox())!.y).toBeLessThan(250);
    await expect(page).toHaveURL(/#join$/);
  });
});
