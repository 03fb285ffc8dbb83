import { createRequire } from 'node:module';
import * as jotai from 'jotai';
import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactDOMServer from 'react-dom/server';
import * as ReactRouterDom from 'react-router-dom';
import * as swr from 'swr';

const require = createRequire(import.meta.url);
const versionOf = (name) => require(`${name}/package.json`).version;

/**
 * The libraries this server hands to remotes' server builds through federation (their entries
 * bundle none: build-kit's remote-server-config.mjs), so a remote's components and the renderer
 * share one React, one router and one swr. The same singletons the browser shares.
 */
const libraries = { react: React, 'react-dom': ReactDOM, 'react-dom/server': ReactDOMServer, 'react-router-dom': ReactRouterDom, swr, jotai };

export function serverShared() {
  const shared = {};
  for (const [name, lib] of Object.entries(libraries)) {
    const pkg = name.startsWith('react-dom/') ? 'react-dom' : name;
    // A bundle reads an ES module's default export only from an object marked __esModule.
    const module = Object.freeze({ ...lib, __esModule: true });
    shared[name] = { version: versionOf(pkg), lib: () => module, shareConfig: { singleton: true, requiredVersion: false } };
  }
  return shared;
}
