/**
 * File names of emitted JS and CSS. Production names carry a content hash, so servers may cache
 * them for a year (the shell's server marks `.<8+ hex>.` names immutable); dev names stay plain.
 * @param {{ development: boolean, folder?: string }} options folder: e.g. 'assets/' (ends with '/')
 * @returns {{ filename: string, chunkFilename: string, cssFilename: string, cssChunkFilename: string }}
 */
export function outputNames({ development, folder = '' }) {
  const name = development ? '[name]' : `${folder}[name].[contenthash:10]`;
  return { filename: `${name}.js`, chunkFilename: `${name}.js`, cssFilename: `${name}.css`, cssChunkFilename: `${name}.css` };
}
