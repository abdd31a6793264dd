import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { BadRequestError } from '../../transports/admin/admin-errors.js';
import { checkConfiguration, defaultConfiguration, type ConfigSubject } from './content-manager-configuration.js';

const SUBJECT: ConfigSubject = {
  uid: 'api::article.article',
  attributes: {
    id: { type: 'integer' },
    title: { type: 'string' },
    body: { type: 'richtext' },
    views: { type: 'integer' },
    flag: { type: 'boolean' },
    author: { type: 'relation', relation: 'manyToOne', target: 'api::author.author' },
    tags: { type: 'relation', relation: 'manyToMany', target: 'api::tag.tag' },
    seo: { type: 'component', component: 'shared.seo' },
    createdAt: { type: 'datetime' },
    documentId: { type: 'string' },
  },
  mainFieldOf: (target) => (target === 'api::author.author' ? 'name' : 'id'),
};

describe('content manager view configuration', () => {
  it('defaults as Strapi computes them: main field, list columns, edit rows of 12, metadatas', () => {
    const configuration = defaultConfiguration(SUBJECT);
    assert.equal(configuration.settings.mainField, 'title');
    assert.equal(configuration.settings.defaultSortBy, 'title');
    assert.deepEqual(configuration.layouts.list, ['id', 'title', 'views', 'flag']);
    assert.deepEqual(configuration.layouts.edit, [
      [{ name: 'title', size: 6 }],
      [{ name: 'body', size: 12 }],
      [{ name: 'views', size: 4 }, { name: 'flag', size: 4 }],
      [{ name: 'author', size: 6 }, { name: 'tags', size: 6 }],
      [{ name: 'seo', size: 12 }],
    ]);
    assert.deepEqual(configuration.metadatas.author?.list, { label: 'author', searchable: true, sortable: true, mainField: 'name' });
    assert.equal(configuration.metadatas.tags?.list.sortable, false);
    assert.equal(configuration.metadatas.createdAt?.edit.visible, false);
    assert.deepEqual(configuration.metadatas.id, { edit: {}, list: { label: 'id', searchable: true, sortable: true } });
  });

  it('a PUT: required booleans, pageSize 10–100, listable main field and columns; errors as sorted strings', () => {
    const current = defaultConfiguration(SUBJECT);
    assert.throws(
      () => checkConfiguration({ settings: { pageSize: 5, mainField: 'body' }, layouts: { list: ['seo'], edit: [[{ name: 'nope', size: 6 }]] } }, SUBJECT, current),
      (error: unknown) => {
        assert.ok(error instanceof BadRequestError);
        const errors = error.details.errors as string[];
        assert.deepEqual(errors.slice(0, 3), ['layouts.edit[0][0].name must be one of the following values: id, title, body, views, flag, author, tags, seo, createdAt, documentId', 'layouts.list[0] must be one of the following values: id, title, views, flag, author, createdAt, documentId', 'settings.bulkable is a required field']);
        assert.ok(errors.includes('settings.pageSize must be greater than or equal to 10'));
        assert.ok(errors.some((message) => message.startsWith('settings.mainField must be one of')));
        return true;
      },
    );
    const next = checkConfiguration({ settings: { ...current.settings, pageSize: 50, extra: 1 }, metadatas: { title: { list: { label: 'Title' } }, nope: {} } }, SUBJECT, current);
    assert.equal(next.settings.pageSize, 50);
    assert.ok(!('extra' in next.settings));
    assert.equal(next.metadatas.title?.list.label, 'Title');
    assert.ok(!('nope' in next.metadatas));
  });
});
