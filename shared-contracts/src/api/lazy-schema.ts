import { requireZod, type ZodMini } from '../zod/zod-runtime.ts';

/**
 * A schema built on first use. Every page loads this whole package (federation shares it as one
 * module), and building its ~230 zod schemas when it loads cost a phone ~400 ms of main thread
 * (4x CPU throttle) before the first screen could hydrate, although a page parses a handful.
 * `lazySchema((z) => z.object(...))` stands for the schema it builds: the first read of any
 * property (`parse`, `_zod`, `shape`...) builds it, once; a schema that uses another (nested,
 * `z.extend`, `calls`) holds the stand-in and builds it only when it is itself built or used.
 * Types are the built schema's, so `z.infer` and every caller are unchanged.
 *
 * `build` gets zod from the package's zod runtime (src/zod/): in the browser zod is not loaded
 * with the package, so the barrel's files import zod's types only and build with this `z`; a
 * schema used before zod is on the page throws (such a use waits: `loadZod()`).
 * Entries loaded later (account, store...) import zod themselves and hand it over (`provideZod`).
 */
export function lazySchema<T extends object>(build: (z: ZodMini) => T): T {
  let built: T | undefined;
  const schema = (): T => (built ??= build(requireZod()));
  // A Proxy over an empty object: reads, checks and enumeration all go to the built schema.
  // Descriptors are reported configurable, as the empty target requires of a Proxy.
  return new Proxy({} as T, {
    get: (_target, key) => {
      const real = schema();
      const value: unknown = Reflect.get(real, key, real);
      return value;
    },
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => Reflect.has(schema(), key),
    ownKeys: () => Reflect.ownKeys(schema()),
    getOwnPropertyDescriptor: (_target, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(schema(), key),
  });
}
