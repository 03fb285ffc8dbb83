import { contactLimits, contactMessages } from '@cgg/contracts';
import { isEmail } from '@cgg/contracts/forms';

export type ContactField = 'name' | 'email' | 'subject' | 'message';
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

export const contactFields: ContactField[] = ['name', 'email', 'subject', 'message'];

/** The limits and messages the API refuses with (contracts' contactLimits, contactMessages), checked before sending. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const subject = values.subject.trim();
  const message = values.message.trim();
  const m = contactMessages;
  if (!name) errors.name = m.nameRequired;
  else if (name.length > contactLimits.name) errors.name = m.nameTooLong;
  if (!email) errors.email = m.emailRequired;
  else if (!isEmail(email) || email.length > contactLimits.email) errors.email = m.emailInvalid;
  if (!subject) errors.subject = m.subjectRequired;
  else if (subject.length > contactLimits.subject) errors.subject = m.subjectTooLong;
  if (!message) errors.message = m.messageRequired;
  else if (message.length < contactLimits.minMessage) errors.message = m.messageTooShort;
  else if (message.length > contactLimits.message) errors.message = m.messageTooLong;
  return errors;
}
