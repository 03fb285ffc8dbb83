import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The shop-api package folder (where migrations/, public/ and firebase/ live), found by walking
 * up from the running module to its package.json. A file-depth count (`'..', '..'`) breaks once
 * the compiled build (dist/main.js, one bundle) runs the same code from another depth.
 */
export function findPackageDir(from: string): string {
  for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === '@cgg/shop-api') return dir;
    if (path.dirname(dir) === dir) throw new Error(`no @cgg/shop-api package.json above ${from}`);
  }
}

export const PACKAGE_DIR = findPackageDir(fileURLToPath(import.meta.url));
