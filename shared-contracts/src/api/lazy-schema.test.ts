import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { lazySchema } from './lazy-schema.ts';
import { competitionSchema } from './competition.ts';
import { featuredResponseSchema } from './content.ts';
import { competitionFixture } from '../testing/competition-fixture.ts';

describe('lazySchema', () => {
  it('builds the schema on first use, once', () => {
    let builds = 0;
    const name = lazySchema(() => {
      builds++;
      return z.object({ name: z.string().check(z.minLength(1)) });
    });
    const outer = lazySchema(() => z.object({ data: z.array(name) }));
    expect(builds).toBe(0);
    expect(outer.parse({ data: [{ name: 'Ann' }] })).toEqual({ data: [{ name: 'Ann' }] });
    expect(builds).toBe(1);
    expect(name.safeParse({ name: '' }).success).toBe(false);
    expect(builds).toBe(1);
  });

  it('stands for the built schema: instanceof, shape, extend, optional, keys', () => {
    const base = lazySchema(() => z.object({ id: z.int() }));
    expect(base).toBeInstanceOf(z.ZodMiniObject);
    expect(Object.keys(base.shape)).toEqual(['id']);
    const extended = z.extend(base, { title: z.string() });
    expect(extended.parse({ id: 1, title: 't' })).toEqual({ id: 1, title: 't' });
    expect(z.optional(base).parse(undefined)).toBeUndefined();
    expect('parse' in base).toBe(true);
  });

  it("the package's schemas parse through their stand-ins", () => {
    const c = competitionFixture({ id: 7 });
    expect(competitionSchema.parse(c).id).toBe(7);
    expect(featuredResponseSchema.safeParse({ success: true, data: { featured: [c], competitions: [] } }).success).toBe(true);
    expect(competitionSchema.safeParse({ ...c, id: 'seven' }).success).toBe(false);
  });
});
