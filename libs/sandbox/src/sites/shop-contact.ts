import { markup, type SafeHtml } from '../html.js';
import { renderPage, type SiteChrome } from '../layout.js';
import { hashString } from '../random.js';
import type { DynamicRoute, SandboxPage, SandboxRequest } from '../types.js';
import { errorPage, htmlPage } from './common.js';

export interface ContactMessage {
  readonly name: string;
  readonly email: string;
  readonly message: string;
}

const LIMITS = { name: 100, email: 200, message: 5000 } as const;

/** The same message always gets the same reference, so tests and demos can predict it. */
export function contactReference(message: ContactMessage): string {
  const hash = hashString(`${message.name}\n${message.email}\n${message.message}`);
  return `GL-${hash.toString(36).toUpperCase().padStart(7, '0')}`;
}

export type ContactParse =
  | { readonly ok: true; readonly message: ContactMessage }
  | { readonly ok: false; readonly errors: readonly string[] };

/** Validates an urlencoded contact form body. */
export function parseContactForm(request: SandboxRequest): ContactParse {
  if (!(request.contentType ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
    return { ok: false, errors: ['The form must be sent as application/x-www-form-urlencoded.'] };
  }
  const form = new URLSearchParams(request.body ?? '');
  const name = (form.get('name') ?? '').trim();
  const email = (form.get('email') ?? '').trim();
  const message = (form.get('message') ?? '').trim();
  const errors: string[] = [];
  if (name.length === 0 || name.length > LIMITS.name)
    errors.push(`Name is required (at most ${LIMITS.name} characters).`);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > LIMITS.email)
    errors.push('Enter a valid email address.');
  if (message.length === 0 || message.length > LIMITS.message)
    errors.push(`Message is required (at most ${LIMITS.message} characters).`);
  return errors.length > 0 ? { ok: false, errors } : { ok: true, message: { name, email, message } };
}

export function contactForm(): SafeHtml {
  return markup`<form class="card contact-form" action="/contact" method="post">
<label for="name">Your name</label><input id="name" name="name" maxlength="${LIMITS.name}" required>
<label for="email">Email address</label><input type="email" id="email" name="email" maxlength="${LIMITS.email}" required>
<label for="message">Message</label><textarea id="message" name="message" rows="6" maxlength="${LIMITS.message}" required></textarea>
<p><button type="submit">Send message</button></p>
</form>`;
}

export function contactPage(chrome: SiteChrome): SandboxPage {
  const main = markup`<h1>Contact us</h1>
<p>Questions about an order, a product or a return? Send us a message and our team in the workshop will answer within two working days.</p>
${contactForm()}
<h2>Other ways to reach us</h2>
<p>Returns: send items back within 60 days in their original packaging. Warranty claims: include the SKU from the product page and a short description of the fault.</p>`;
  return htmlPage(
    '/contact',
    renderPage(chrome, {
      title: 'Contact us',
      description: 'Send a message to the Gearloft team.',
      main,
      breadcrumbs: [{ href: '/contact', label: 'Contact' }],
    }),
  );
}

/** POST /contact: a thank-you page that echoes the (escaped) message and a reference number. */
export function contactRoute(chrome: SiteChrome): DynamicRoute {
  return {
    method: 'POST',
    path: '/contact',
    respond: (request) => {
      const parsed = parseContactForm(request);
      if (!parsed.ok) {
        return errorPage(chrome, {
          status: 400,
          title: 'Please check the form',
          message: 'Your message was not sent.',
          details: markup`<ul class="errors">${parsed.errors.map((e) => markup`<li>${e}</li>`)}</ul>${contactForm()}`,
        });
      }
      const { name, email, message } = parsed.message;
      const reference = contactReference(parsed.message);
      const main = markup`<h1>Thank you, ${name}</h1>
<p>We received your message and will reply to ${email} within two working days.</p>
<p class="reference">Your reference number is <strong>${reference}</strong>.</p>
<h2>Your message</h2>
<blockquote class="echo">${message}</blockquote>
<p><a href="/products">Continue shopping</a></p>`;
      return {
        ...htmlPage(
          '/contact',
          renderPage(chrome, {
            title: 'Message received',
            description: 'Thank you for contacting Gearloft.',
            main,
          }),
        ),
        listed: false,
      };
    },
  };
}
