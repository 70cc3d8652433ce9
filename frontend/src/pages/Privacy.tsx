import type { Site } from '../types';
import { withBase } from '../sitepath';

export const PRIVACY_UPDATED = 'July 01, 2025';
export const MINIMUM_AGE = 13;

export function Privacy({ site }: { site: Site }) {
  const mag = site.magazine;
  return (
    <article className="prose-page">
      <h1>Privacy Policy</h1>
      <p className="prose-page__updated">Last updated: {PRIVACY_UPDATED}</p>
      <p>
        This Privacy Policy describes how {mag} collects, uses and discloses your information when you use our website, and
        tells you about your privacy rights and how the law protects you. By using the website you agree to the collection and
        use of information in accordance with this policy.
      </p>

      <h2 id="interpretation">Interpretation and Definitions</h2>
      <h3>Interpretation</h3>
      <p>Words with an initial capital letter have the meanings defined below, whether they appear in the singular or the plural.</p>
      <h3>Definitions</h3>
      <ul>
        <li><strong>Website</strong> means {mag}, accessible from {site.baseURL}.</li>
        <li><strong>We</strong>, <strong>us</strong> or <strong>our</strong> means {mag}.</li>
        <li><strong>You</strong> means the individual using the Website.</li>
        <li><strong>Personal Data</strong> is any information that relates to an identified or identifiable individual.</li>
        <li><strong>Usage Data</strong> is data collected automatically when you use the Website, such as pages visited and the time spent on them.</li>
        <li><strong>Service Provider</strong> means a company that processes data on our behalf, such as a form or e-mail provider.</li>
      </ul>

      <h2 id="data-collected">Types of Data Collected</h2>
      <h3>Personal Data</h3>
      <p>When you sign up for launch updates or our newsletter, or write to us through a form, we may ask you for:</p>
      <ul>
        <li>E-mail address</li>
        <li>First name and last name</li>
        <li>Usage Data</li>
      </ul>
      <h3>Usage Data</h3>
      <p>
        Usage Data may include your device's Internet Protocol address, browser type and version, the pages you visit, the time
        and date of your visit and the time spent on those pages. We use it only in aggregate, to understand what readers find
        useful.
      </p>

      <h2 id="use">Use of Your Personal Data</h2>
      <ul>
        <li>To send you the launch updates or newsletter you asked for.</li>
        <li>To answer editorial and partnership inquiries you send us.</li>
        <li>To maintain and improve the Website, including monitoring its use.</li>
        <li>To manage your requests, and to contact you about them.</li>
      </ul>
      <p>We do not sell your Personal Data.</p>

      <h2 id="disclosure">Disclosure of Your Personal Data</h2>
      <h3>Business transactions</h3>
      <p>
        If {mag} is involved in a merger, acquisition or sale of assets, your Personal Data may be transferred. We will give
        notice before your Personal Data is transferred and becomes subject to a different privacy policy.
      </p>
      <h3>Law enforcement</h3>
      <p>
        We may be required to disclose your Personal Data if required to do so by law or in response to valid requests by public
        authorities, such as a court or a government agency.
      </p>

      <h2 id="security">Security of Your Personal Data</h2>
      <p>
        The security of your Personal Data is important to us, but no method of transmission over the Internet or of electronic
        storage is completely secure. We use commercially reasonable means to protect it and keep only what we need.
      </p>

      <h2 id="children">Children's Privacy</h2>
      <p>
        Our Website does not address anyone under the age of {MINIMUM_AGE}. We do not knowingly collect personal information
        from anyone under {MINIMUM_AGE}. If you are a parent or guardian and you know that your child has given us Personal
        Data, please contact us and we will remove it.
      </p>

      <h2 id="changes">Changes to this Privacy Policy</h2>
      <p>
        We may update this Privacy Policy from time to time. We will post the new policy on this page and update the “Last
        updated” date at its top. Please review this page periodically.
      </p>

      <h2 id="contact">Contact Us</h2>
      <p>If you have any questions about this Privacy Policy, you can contact us:</p>
      <ul>
        <li>
          By e-mail: <a href={`mailto:${site.editorEmail}`}>{site.editorEmail}</a>
        </li>
        <li>By visiting this page on our website: <a href={withBase('/privacy-policy/')}>{site.baseURL}/privacy-policy/</a></li>
      </ul>
    </article>
  );
}
