import { complaintPolicy } from '@cgg/contracts/complaints';
import { encodeSessionToken, SESSION_TOKEN_KEY } from '@cgg/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubApi } from '../../test/fake-api.ts';
import { renderSite } from '../../test/render-site.tsx';
import { validateComplaint } from './complaint-validation.ts';

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Label = 'Your name' | 'Email address' | 'Order number (optional)' | 'Your complaint';
async function fill(values: Partial<Record<Label, string>>, category?: string) {
  for (const [label, value] of Object.entries(values)) await userEvent.type(screen.getByLabelText(label), value);
  if (category) await userEvent.selectOptions(screen.getByLabelText('What is it about?'), category);
}
const details = 'My prize has not arrived after three weeks.';
const filedAnswer = { success: true, reference: 'CGG-C-000123', message: 'Thank you. We have received your complaint and emailed an acknowledgement to sam@example.co.uk.', answer_due: '2026-12-09' };

describe('complaint validation', () => {
  it('names every problem in plain words', () => {
    expect(validateComplaint({ name: ' ', email: '', order_number: 'abc', category: '', details: 'short' })).toEqual({
      name: 'Please enter your name.',
      email: 'Please enter your email address, so we can send you our answer.',
      order_number: 'An order number is made of digits, like 10016. Leave it empty if you do not have one.',
      category: 'Please choose what your complaint is about.',
      details: 'Please tell us what happened in at least 20 characters.',
    });
    expect(validateComplaint({ name: 'Sam', email: 'sam@example.co.uk', order_number: '', category: 'prize', details })).toEqual({});
  });
});

describe('complaints page', () => {
  it('explains the procedure: acknowledgement at once, our answer within the target, and the independent body', async () => {
    stubApi();
    renderSite('/complaints');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Complaints');
    const page = document.querySelector('article')!.textContent!;
    expect(page).toContain('We acknowledge your complaint straight away');
    expect(page).toContain(`final answer within ${complaintPolicy.answerWithinDays} days`);
    expect(page).toContain(`up to ${complaintPolicy.codeLimitWeeks} weeks`);
    expect(page).toContain(complaintPolicy.adr.name);
    expect(screen.getByRole('link', { name: /promediate/i }).getAttribute('href')).toBe(complaintPolicy.adr.website);
  });

  it('shows a message per field, focuses the first and sends nothing while any fails', async () => {
    const calls = stubApi();
    renderSite('/complaints');
    await screen.findByRole('button', { name: 'Send complaint' });
    await fill({ 'Email address': 'sam@', 'Your complaint': 'Too short' });
    await userEvent.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect(screen.getByText('Please enter your name.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid email address, like name@example.co.uk.')).toBeTruthy();
    expect(screen.getByText('Please choose what your complaint is about.')).toBeTruthy();
    expect(screen.getByText('Please tell us what happened in at least 20 characters.')).toBeTruthy();
    const name = screen.getByLabelText('Your name');
    expect(document.activeElement).toBe(name);
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Your complaint').getAttribute('aria-describedby')).toBe('complaint-details-hint complaint-details-error');
    expect(calls.some((c) => c.route === 'file_complaint')).toBe(false);
  });

  it('files the trimmed complaint with the signed-in customer\'s token and shows the reference', async () => {
    localStorage.setItem(SESSION_TOKEN_KEY, encodeSessionToken('session-token-1'));
    const calls = stubApi({ file_complaint: () => jsonResponse(filedAnswer) });
    renderSite('/complaints');
    await screen.findByRole('button', { name: 'Send complaint' });
    await fill({ 'Your name': ' Sam Jones ', 'Email address': 'sam@example.co.uk', 'Order number (optional)': '#10016', 'Your complaint': details }, 'prize');
    await userEvent.click(screen.getByRole('button', { name: 'Send complaint' }));
    const status = (await screen.findByRole('heading', { name: 'Complaint received' })).closest('[role="status"]')!;
    expect(status.textContent).toContain('CGG-C-000123');
    expect(status.textContent).toContain('emailed an acknowledgement');
    expect(calls.find((c) => c.route === 'file_complaint')!.body).toEqual({ token: 'session-token-1', name: 'Sam Jones', email: 'sam@example.co.uk', order_number: '#10016', category: 'prize', details, idempotency_key: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it('shows the API\'s own message on each field it refused', async () => {
    stubApi({
      file_complaint: () => jsonResponse({ code: 'rest_invalid_param', message: 'Invalid parameter(s)', data: { status: 400, params: { details: 'Please tell us a little more.', category: 'Invalid enum value.' } } }, 400),
    });
    renderSite('/complaints');
    await screen.findByRole('button', { name: 'Send complaint' });
    await fill({ 'Your name': 'Sam', 'Email address': 'sam@example.co.uk', 'Your complaint': details }, 'draw');
    await userEvent.click(screen.getByRole('button', { name: 'Send complaint' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please check the highlighted fields.');
    expect(screen.getByText('Please tell us a little more.')).toBeTruthy();
    expect(screen.getByText('Please check this field.')).toBeTruthy();
    // The first refused field in the form's order.
    expect(document.activeElement).toBe(screen.getByLabelText('What is it about?'));
  });

  it('shows the rate-limit message and keeps what was typed', async () => {
    stubApi({
      file_complaint: () => jsonResponse({ code: 'rest_complaint_rate_limited', message: 'You have sent 3 complaints in the last 10 minutes, so we have paused the form for a few minutes.', data: { status: 429 } }, 429),
    });
    renderSite('/complaints');
    await screen.findByRole('button', { name: 'Send complaint' });
    await fill({ 'Your name': 'Sam', 'Email address': 'sam@example.co.uk', 'Your complaint': details }, 'draw');
    await userEvent.click(screen.getByRole('button', { name: 'Send complaint' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/paused the form/));
    expect((screen.getByLabelText('Your complaint') as HTMLTextAreaElement).value).toBe(details);
  });
});
