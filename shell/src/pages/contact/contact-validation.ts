import { contactLimits } from '@cgg/contracts';

export type ContactField = 'name' | 'email' | 'subject' | 'message';
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const contactFields: ContactField[] = ['name', 'email', 'subject', 'message'];

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The same limits the API enforces (contracts' contactLimits), in words a visitor understands. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const subject = values.subject.trim();
  const message = values.message.trim();
  if (!name) errors.name = 'Please enter your name.';
  else if (name.length > contactLimits.name) errors.name = `Your name must be ${contactLimits.name} characters or fewer.`;
  if (!email) errors.email = 'Please enter your email address.';
  else if (!emailPattern.test(email) || email.length > contactLimits.email) errors.email = 'Please enter a valid email address, like name@example.co.uk.';
  if (!subject) errors.subject = 'Please enter a subject.';
  else if (subject.length > contactLimits.subject) errors.subject = `The subject must be ${contactLimits.subject} characters or fewer.`;
  if (!message) errors.message = 'Please enter your message.';
  else if (message.length < contactLimits.minMessage) errors.message = `Your message must be at least ${contactLimits.minMessage} characters.`;
  else if (message.length > contactLimits.message) errors.message = `Your message must be ${contactLimits.message} characters or fewer.`;
  return errors;
}
