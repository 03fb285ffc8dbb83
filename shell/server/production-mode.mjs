// Imported first by index.mjs, before React loads: React's server renderer picks its build from
// NODE_ENV when it is first required, and the development build is several times slower and
// logs development warnings. The shell's server only ever serves a production build.
process.env.NODE_ENV ??= 'production';
