import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ApplicationError, ValidationError } from '../../core/shared/errors.js';
import { toDocumentParams, toPopulate, toSort } from './to-document-params.js';

describe('toDocumentParams: Query Engine parameters → content API parameters', () => {
  it('where is filters, select is fields, limit/offset are offset pagination', () => {
    const where = { $or: [{ title: { $containsi: 'a' } }, { author: { name: { $null: true } } }], id: { $between: [1, 9] } };
    assert.deepEqual(toDocumentParams('m', { where, select: ['title', 'views'], limit: 5, offset: 10 }), {
      filters: where,
      fields: ['title', 'views'],
      pagination: { start: 10, limit: 5 },
    });
    assert.deepEqual(toDocumentParams('m', { select: 'title' }), { fields: ['title'] });
    assert.deepEqual(toDocumentParams('m', { offset: 3 }), { pagination: { start: 3 } });
    assert.deepEqual(toDocumentParams('m', {}), {});
  });

  it('orderBy in every form → sort entries', () => {
    assert.deepEqual(toSort('title'), ['title']);
    assert.deepEqual(toSort({ title: 'DESC' }), ['title:desc']);
    assert.deepEqual(toSort([{ views: 'asc' }, 'id', { author: { name: 'desc' } }]), ['views:asc', 'id', 'author.name:desc']);
    assert.deepEqual(toDocumentParams('m', { orderBy: { title: 'asc', id: 'desc' } }), { sort: ['title:asc', 'id:desc'] });
    assert.throws(() => toSort({ title: 1 }), ValidationError);
    assert.throws(() => toSort(5), ValidationError);
  });

  it('populate: true is *, entries take select/where/orderBy and nest', () => {
    assert.equal(toPopulate('m', true), '*');
    assert.deepEqual(toPopulate('m', ['tags', 'seo']), ['tags', 'seo']);
    assert.deepEqual(toPopulate('m', { tags: { select: ['name'], where: { name: 'a' }, orderBy: { name: 'asc' }, populate: { articles: true } }, seo: true }), {
      tags: { fields: ['name'], filters: { name: 'a' }, sort: ['name:asc'], populate: { articles: true } },
      seo: true,
    });
    assert.deepEqual(toPopulate('m', { blocks: { on: { 'shared.quote': { select: ['text'] } } } }), { blocks: { on: { 'shared.quote': { fields: ['text'] } } } });
  });

  it('names what it does not support, and refuses bad numbers', () => {
    assert.throws(() => toDocumentParams('find', { filters: {} }), (error: Error) => error instanceof ApplicationError && error.message.includes('"filters"') && error.message.startsWith('find:'));
    assert.throws(() => toDocumentParams('find', { lean: true }), /"lean"/);
    assert.throws(() => toDocumentParams('find', { populate: { tags: { limit: 2 } } }), /"populate\.tags\.limit"/);
    assert.throws(() => toDocumentParams('find', { populate: { tags: { joinTable: 2 } } }), /"populate\.tags\.joinTable"/);
    assert.throws(() => toDocumentParams('find', { limit: -1 }), ValidationError);
    assert.throws(() => toDocumentParams('find', { offset: 1.5 }), ValidationError);
    assert.deepEqual(toDocumentParams('create', { data: {} }, ['data']), {});
  });
});
