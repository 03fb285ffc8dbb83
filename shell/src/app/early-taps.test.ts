import { afterEach, describe, expect, it, vi } from 'vitest';
import { EARLY_TAPS_SCRIPT } from '../../server/page-head/early-taps.mjs';
import { replayEarlyTaps } from './early-taps.ts';

/** A server-rendered page before hydration: the head's inline script has run, no handler is attached yet. */
function serverRenderedPage() {
  document.body.innerHTML = `
    <form id="contact"><input name="name" /><button type="submit" id="send">Send message</button></form>
    <button type="button" id="add">Add to basket</button>
    <a href="/basket" id="basket"><button type="button" id="in-link">Basket</button></a>`;
  new Function(EARLY_TAPS_SCRIPT)();
  const get = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  return { form: get<HTMLFormElement>('contact'), send: get<HTMLButtonElement>('send'), add: get<HTMLButtonElement>('add'), inLink: get<HTMLButtonElement>('in-link') };
}

afterEach(() => {
  delete window.__cggEarlyTaps;
  document.body.innerHTML = '';
});

describe('taps before hydration', () => {
  it('holds a click and a form sent before the app is there, then does both, in order, once it is', () => {
    const page = serverRenderedPage();
    const done: string[] = [];
    // Handlers already there (a part hydrated early) are held off too: every early tap waits its turn.
    page.add.addEventListener('click', () => done.push('add'));
    page.form.addEventListener('submit', (e) => {
      e.preventDefault();
      done.push(`submit by ${(e as SubmitEvent).submitter?.id}`);
    });
    page.add.click();
    page.send.click();
    expect(done).toEqual([]);
    expect(window.__cggEarlyTaps?.taps).toHaveLength(2);

    expect(replayEarlyTaps()).toBe(2);
    expect(done).toEqual(['add', 'submit by send']);
    // Holding has stopped: a tap now goes straight to the app, and nothing is done twice.
    page.add.click();
    expect(done).toEqual(['add', 'submit by send', 'add']);
    expect(replayEarlyTaps()).toBe(0);
  });

  it('stops a held form from being sent as a page load', () => {
    const page = serverRenderedPage();
    const submit = new Event('submit', { cancelable: true, bubbles: true });
    page.form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });

  it('leaves links alone, and skips a tap whose element has gone by the time the app is there', () => {
    const page = serverRenderedPage();
    const click = new MouseEvent('click', { cancelable: true, bubbles: true });
    page.inLink.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    page.add.click();
    const late = vi.fn();
    page.add.addEventListener('click', late);
    page.add.remove();
    expect(replayEarlyTaps()).toBe(0);
    expect(late).not.toHaveBeenCalled();
  });

  it('does nothing on a page the browser rendered alone (no inline script)', () => {
    expect(replayEarlyTaps()).toBe(0);
  });
});
