import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { fixturePath } from '../../../../test/helpers/test-app.js';
import { loadRegistry } from '../../schema/load-definitions.js';
import type { PopulateNode } from '../document-query.js';
import { parsePopulate } from './parse-populate.js';
import { prunePopulate } from './prune-populate.js';

const registry = await loadRegistry(fixturePath('relations'));
const article = registry.get('api::article.article')!;

/** Populated attribute names as nested paths, to compare trees. */
function paths(nodes: readonly PopulateNode[], prefix = ''): string[] {
  return nodes.flatMap((node) => {
    const here = `${prefix}${node.kind === 'localizations' ? 'localizations' : node.attribute.name}`;
    const children = node.kind === 'dynamiczone' ? [...node.components.values()].flatMap((selection) => paths(selection.populate, `${here}.`)) : paths(node.populate, `${here}.`);
    return [here, ...children];
  });
}

describe('prunePopulate', () => {
  const tree = parsePopulate('author.profile,seo.tags,links.target,blocks.by,blocks.slides.link.target,categories', article, registry);

  it('keeps everything the caller may find', () => {
    assert.deepEqual(paths(prunePopulate(tree, () => true)), paths(tree));
  });

  it('drops relations to forbidden targets at any depth, inside components and zones too', () => {
    const allowed = new Set(['api::category.category', 'api::author.author']);
    assert.deepEqual(paths(prunePopulate(tree, (uid) => allowed.has(uid))), ['author', 'categories', 'seo', 'links', 'blocks', 'blocks.by', 'blocks.slides', 'blocks.slides.link']);
  });

  it('drops counts on forbidden targets', () => {
    const counted = parsePopulate({ categories: { count: true } }, article, registry);
    assert.deepEqual(prunePopulate(counted, () => false), []);
  });
});
