import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../test/fake-api.ts';
import { recordFocus } from '@cgg/contracts/testing-focus';
import { renderSite } from '../../test/render-site.tsx';
import { validateContact } from './contact-validation.ts';

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function fill(values: Partial<Record<'Your name' | 'Email address' | 'Subject' | 'Message', string>>) {
  for (const [label, value] of Object.entries(values)) await userEvent.type(screen.getByLabelText(label), value);
}

describe('contact validation', () => {
  it('names every problem in plain words', () => {
    expect(validateContact({ name: ' ', email: 'nope', subject: '', message: 'short' })).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter a valid email address, like name@example.co.uk.',
      subject: 'Please enter a subject.',
      message: 'Your message must be at least 10 characters.',
    });
    expect(validateContact({ name: 'Sam', email: 'sam@example.co.uk', subject: 'Prize', message: 'When will it arrive?' })).toEqual({});
  });
});

describe('contact page', () => {
  it('shows a message per field, focuses the first and sends nothing while any fails', async () => {
    const calls = stubApi();
    renderSite('/contact');
    await screen.findByRole('button', { name: 'Send message' });
    await fill({ 'Email address': 'sam@' });
    const focus = recordFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getByText('Please enter your name.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address, like name@example.co.uk.')).toBeTruthy();
    expect(screen.getByText('Please enter a subject.')).toBeTruthy();
    expect(screen.getByText('Please enter your message.')).toBeTruthy();
    const name = screen.getByLabelText('Your name');
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(name.getAttribute('aria-describedby')).toBe('contact-name-error');
    // Already so as the field took the focus, when a screen reader reads it.
    expect(focus.last()?.element).toBe(name);
    expect(focus.last()?.invalid).toBe('true');
    expect(focus.last()?.describedBy).toBe('contact-name-error');
    expect(focus.last()?.description).toBe('Please enter your name.');
    expect(calls.some((c) => c.route === 'contact_us')).toBe(false);
  });

  it('sends the trimmed message and confirms with the reference', async () => {
    const calls = stubApi({ contact_us: () => jsonResponse({ success: true, message: 'Thank you, your message has been sent.', reference: 'CGG-42' }) });
    renderSite('/contact');
    await screen.findByRole('button', { name: 'Send message' });
    await fill({ 'Your name': ' Sam Jones ', 'Email address': 'sam@example.co.uk', Subject: 'My prize', Message: 'When will my prize arrive?' });
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Thank you, your message has been sent.');
    expect(status.textContent).toContain('CGG-42');
    expect(calls.find((c) => c.route === 'contact_us')!.body).toEqual({ name: 'Sam Jones', email: 'sam@example.co.uk', subject: 'My prize', message: 'When will my prize arrive?', idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('names and focuses a field the API refused; with no answer, says so and keeps what was typed', async () => {
    // The API's words for the field (contracts' contactMessages): a filled field is never told it is empty.
    let answer = () => jsonResponse({ code: 'rest_invalid_param', message: 'Invalid parameter(s): email', data: { status: 400, params: { email: 'Please enter a valid email address, like name@example.co.uk.' } } }, 400);
    stubApi({ contact_us: () => answer() });
    renderSite('/contact');
    await screen.findByRole('button', { name: 'Send message' });
    await fill({ 'Your name': 'Sam', 'Email address': 'sam@example.co.uk', Subject: 'Prize', Message: 'When will it arrive?' });
    const focus = recordFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please check the highlighted fields.');
    expect(screen.getByText('Please enter a valid email address, like name@example.co.uk.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Email address'));
    expect(focus.last()?.element).toBe(document.activeElement);
    expect(focus.last()?.invalid).toBe('true');
    expect(focus.last()?.description).toBe('Please enter a valid email address, like name@example.co.uk.');

    answer = () => jsonResponse({ code: 'rest_database_unavailable', message: 'Unavailable', data: { status: 503 } }, 503);
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('We could not send your message just now. Please try again in a few minutes.'));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('When will it arrive?');
  });

  it('sent again after no answer, the same message goes under the same key; once changed, under a new one', async () => {
    let answer = () => jsonResponse({ code: 'rest_contact_unavailable', message: 'Unavailable', data: { status: 503 } }, 503);
    const calls = stubApi({ contact_us: () => answer() });
    renderSite('/contact');
    await screen.findByRole('button', { name: 'Send message' });
    await fill({ 'Your name': 'Sam', 'Email address': 'sam@example.co.uk', Subject: 'Prize', Message: 'When will it arrive?' });
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('alert');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await fill({ Message: ' Thanks.' });
    answer = () => jsonResponse({ success: true, message: 'Thank you, your message has been sent.', reference: 'CGG-43' });
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('status');
    const keys = calls.filter((c) => c.route === 'contact_us').map((c) => (c.body as { idempotency_key: string }).idempotency_key);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('shows the rate-limit message and keeps what was typed', async () => {
    stubApi({
      contact_us: () => jsonResponse({ code: 'rest_contact_rate_limited', message: 'You have sent 3 messages in the last 10 minutes. Please wait a few minutes before sending another.', data: { status: 429 } }, 429),
    });
    renderSite('/contact');
    await screen.findByRole('button', { name: 'Send message' });
    await fill({ 'Your name': 'Sam', 'Email address': 'sam@example.co.uk', Subject: 'Again', Message: 'Another question for you' });
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/Please wait a few minutes/));
    expect((screen.getByLabelText('Message') as HTMLTextAreaElement).value).toBe('Another question for you');
  });
});
