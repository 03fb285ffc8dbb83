#!/usr/bin/env node
// `npm run build`: install if needed and build every front end whose inputs changed (`--force` rebuilds all).
import { buildFrontEnds } from './lib/build.mjs';
import { ensureInstalled } from './lib/install.mjs';

ensureInstalled();
const built = buildFrontEnds({ force: process.argv.includes('--force') });
console.log(built.length ? `[build] built ${built.join(', ')}` : '[build] everything is up to date');
