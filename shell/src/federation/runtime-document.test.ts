import { afterEach, describe, expect, it, vi } from 'vitest';

const registered = vi.hoisted(() => ({ remotes: [] as unknown[] }));
vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: (remotes: unknown[]) => {
    registered.remotes = remotes;
  },
}));

const { registerRuntimeRemotes } = await import('./runtime-document.ts');

afterEach(() => {
  document.getElementById('cgg-remotes')?.remove();
  registered.remotes = [];
});

describe('where the remotes live', () => {
  it("reads the document the shell's server wrote into the page, without asking for /remotes.json", async () => {
    const el = document.createElement('script');
    el.type = 'application/json';
    el.id = 'cgg-remotes';
    el.textContent = JSON.stringify({ remotes: [{ name: 'catalogue', entry: 'https://cat.example/mf-manifest.json' }, { name: 'evil', entry: 'x' }] });
    document.head.append(el);
    const fetchImpl = vi.fn<typeof fetch>();
    const doc = await registerRuntimeRemotes(fetchImpl);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(doc.remotes).toEqual([{ name: 'catalogue', entry: 'https://cat.example/mf-manifest.json' }]);
    expect(registered.remotes).toEqual([{ name: 'catalogue', entry: 'https://cat.example/mf-manifest.json' }]);
  });

  it('asks GET /remotes.json when the page has no document (a page served by another server)', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => new Response(JSON.stringify({ remotes: [{ name: 'account', entry: 'http://acc/mf-manifest.json' }] })));
    const doc = await registerRuntimeRemotes(fetchImpl);
    expect(fetchImpl).toHaveBeenCalledWith('/remotes.json', { cache: 'no-store' });
    expect(doc.remotes).toEqual([{ name: 'account', entry: 'http://acc/mf-manifest.json' }]);
  });
});
