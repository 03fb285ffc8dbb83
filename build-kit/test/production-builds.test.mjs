import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readCatalog, workspaceRoot } from '../src/catalog.mjs';
import { productionAliases, productionDefinitions } from '../src/production-builds.mjs';

const frontEnds = ['shell', 'remote-catalogue', 'remote-cart-checkout', 'remote-account'];

test("every front end's react-router and react-router/dom go to react-router's production files", () => {
  for (const pkg of frontEnds) {
    const alias = productionAliases(path.join(workspaceRoot, pkg));
    assert.deepEqual(Object.keys(alias), ['react-router$', 'react-router/dom$'], pkg);
    assert.match(alias['react-router$'], /\/react-router\/dist\/production\/index\.mjs$/, pkg);
    assert.match(alias['react-router/dom$'], /\/react-router\/dist\/production\/dom-export\.mjs$/, pkg);
    for (const file of Object.values(alias)) assert.ok(existsSync(file), file);
  }
});

test('the aliased react-router is the one react-router-dom depends on, at the catalog version', () => {
  const alias = productionAliases(path.join(workspaceRoot, 'shell'));
  const reactRouter = path.resolve(alias['react-router$'], '..', '..', '..');
  const { name, version } = JSON.parse(readFileSync(path.join(reactRouter, 'package.json'), 'utf8'));
  assert.equal(name, 'react-router');
  assert.equal(version, readCatalog().get('react-router-dom'));
});

test("react-router's package.json still names only its development build (else the alias can go)", () => {
  const alias = productionAliases(path.join(workspaceRoot, 'shell'));
  const reactRouter = path.resolve(alias['react-router$'], '..', '..', '..');
  const { exports } = JSON.parse(readFileSync(path.join(reactRouter, 'package.json'), 'utf8'));
  const targets = JSON.stringify(exports['.']);
  assert.match(targets, /dist\/development\//);
  assert.doesNotMatch(targets, /dist\/production\/|"production"/);
});

test('a folder without react-router-dom gets no alias', () => {
  assert.deepEqual(productionAliases('/tmp/no-front-end-here'), {});
});

test("jotai's import.meta.env.MODE reads 'production'", () => {
  assert.deepEqual(JSON.parse(productionDefinitions['import.meta.env']), { MODE: 'production' });
  assert.equal(JSON.parse(productionDefinitions['import.meta.env.MODE']), 'production');
});
