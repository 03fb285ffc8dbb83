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
  vi.restoreAllMocks();
  // The test's inline script stays listening on the document: left holding, it would take the next test's taps.
  if (window.__cggEarlyTaps) window.__cggEarlyTaps.done = true;
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

    const said = vi.spyOn(console, 'info').mockImplementation(() => {});
    expect(replayEarlyTaps()).toBe(2);
    expect(done).toEqual(['add', 'submit by send']);
    expect(said).toHaveBeenCalledWith('[shell] taps made before the page was ready: 2 done again');
    // Holding has stopped: a tap now goes straight to the app, and nothing is done twice.
    page.add.click();
    expect(done).toEqual(['add', 'submit by send', 'add']);
    expect(replayEarlyTaps()).toBe(0);
  });

  it('does a tap repeated on the same button or form once: replayed in one task, a busy guard could not stop the second', () => {
    const page = serverRenderedPage();
    // The remote's Add, hydrated: its `if (adding) return` would only see true once React has re-rendered.
    const adds: string[] = [];
    page.add.addEventListener('click', () => adds.push('add'));
    const sent = vi.fn((e: Event) => e.preventDefault());
    page.form.addEventListener('submit', sent);
    page.add.click();
    page.send.click();
    page.add.click();
    page.send.click();
    expect(window.__cggEarlyTaps?.taps).toHaveLength(4);

    const said = vi.spyOn(console, 'info').mockImplementation(() => {});
    expect(replayEarlyTaps()).toBe(2);
    expect(adds).toEqual(['add']);
    expect(sent).toHaveBeenCalledOnce();
    expect(said).toHaveBeenCalledWith('[shell] taps made before the page was ready: 2 done again, 2 repeated taps done once');
  });

  it('never sends a held form as a page load when it is done again before its part has hydrated (after the 4 s give-up)', () => {
    const page = serverRenderedPage();
    page.form.querySelector('input')!.value = 'Jamie';
    page.send.click();
    // The shell stopped waiting for the page; the contact form's code has not come: no handler yet.
    const submits: Event[] = [];
    page.form.addEventListener('submit', (e) => submits.push(e));
    const said = vi.spyOn(console, 'info').mockImplementation(() => {});
    expect(replayEarlyTaps()).toBe(0);
    // The browser sends a form as a page load (a GET with the fields in the URL) only after a
    // submit event of its own that nobody cancelled.
    expect(submits.filter((e) => e.isTrusted && !e.defaultPrevented)).toEqual([]);
    expect(page.form.querySelector('input')!.value).toBe('Jamie');
    expect(said).toHaveBeenCalledWith('[shell] taps made before the page was ready: 0 done again, 1 form not sent (not ready yet)');
  });

  it('stops a held form from being sent as a page load', () => {
    const page = serverRenderedPage();
    const submit = new Event('submit', { cancelable: true, bubbles: true });
    page.form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });

  it('sends the form the app rendered afresh in place of the one tapped (a part not hydrated but rendered again)', () => {
    document.body.innerHTML = `<form aria-label="Contact form"><input name="name" /><button type="submit">Send message</button></form>`;
    new Function(EARLY_TAPS_SCRIPT)();
    document.querySelector('button')!.click();
    expect(window.__cggEarlyTaps?.taps).toHaveLength(1);
    // React threw the server's HTML away and rendered the page part again: new elements, same form.
    document.body.innerHTML = `<form aria-label="Contact form"><input name="name" /><button type="submit">Send message</button></form>`;
    const sent = vi.fn((e: Event) => e.preventDefault());
    document.querySelector('form')!.addEventListener('submit', sent);
    expect(replayEarlyTaps()).toBe(1);
    expect(sent).toHaveBeenCalledOnce();
    expect((sent.mock.calls[0]![0] as SubmitEvent).submitter).toBe(document.querySelector('button'));
  });

  it('does not guess when more than one element could be the one tapped', () => {
    const page = serverRenderedPage();
    page.add.click();
    document.body.innerHTML = `<button type="button">Add to basket</button><button type="button">Add to basket</button>`;
    const clicked = vi.fn();
    document.querySelectorAll('button').forEach((b) => b.addEventListener('click', clicked));
    expect(replayEarlyTaps()).toBe(0);
    expect(clicked).not.toHaveBeenCalled();
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
    const said = vi.spyOn(console, 'info').mockImplementation(() => {});
    expect(replayEarlyTaps()).toBe(0);
    expect(late).not.toHaveBeenCalled();
    expect(said).toHaveBeenCalledWith('[shell] taps made before the page was ready: 0 done again, 1 dropped (no longer on the page)');
  });

  it('does nothing on a page the browser rendered alone (no inline script)', () => {
    const said = vi.spyOn(console, 'info');
    expect(replayEarlyTaps()).toBe(0);
    expect(said).not.toHaveBeenCalled();
  });
});
