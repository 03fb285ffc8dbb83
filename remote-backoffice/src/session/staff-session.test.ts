import { beforeEach, describe, expect, it } from 'vitest';
import { admin } from '../test/fixtures.ts';
import { resetStaffSessionForTests, staffSession } from './staff-session.ts';

describe('the tab\'s staff session', () => {
  beforeEach(() => resetStaffSessionForTests());

  it('a 401 for the session in use ends it, keeping who was signed in for the sign-in over the screens', () => {
    staffSession.signedIn('session-1', admin);
    staffSession.ended('Your back-office session has ended. Please sign in again.', 'session-1');
    expect(staffSession.get()).toEqual({ status: 'ended', staff: admin, passwordChangeDue: false, reason: 'Your back-office session has ended. Please sign in again.' });
    expect(staffSession.token()).toBeNull();
  });

  it('a late 401 for a call sent with the old token does not end the session signed in since', () => {
    staffSession.signedIn('session-1', admin);
    staffSession.ended('Your back-office session has ended. Please sign in again.', 'session-1');
    staffSession.signedIn('session-2', admin);
    staffSession.ended('Your back-office session has ended. Please sign in again.', 'session-1');
    expect(staffSession.get()).toMatchObject({ status: 'signed-in', token: 'session-2' });
    expect(staffSession.token()).toBe('session-2');
    expect(staffSession.renewals()).toBe(1);
  });
});
