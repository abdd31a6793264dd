import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMPTY_PARAMS, formatListParams, listRequestQuery, parseListParams, type ListParams } from './list-query';

describe('the list view state in the address', () => {
  const full: ListParams = {
    page: 3,
    pageSize: 20,
    sort: { field: 'views', order: 'DESC' },
    q: 'alpha beta',
    filters: [
      { field: 'views', operator: '$gt', value: '300' },
      { field: 'author', subField: 'name', operator: '$eq', value: 'Ada' },
    ],
    status: 'published-modified',
    locale: 'fr',
  };

  it('round-trips every part', () => {
    assert.deepEqual(parseListParams(formatListParams(full)), full);
    assert.equal(formatListParams(EMPTY_PARAMS), '');
    assert.deepEqual(parseListParams(''), EMPTY_PARAMS);
  });

  it('sends the filters as Strapi\'s UI does: nested under $and, the status last as __status', () => {
    const query = decodeURIComponent(listRequestQuery(full, { pageSize: 10, sort: 'title:ASC', locale: 'en' }));
    assert.equal(
      query,
      '?page=3&pageSize=20&sort=views:DESC&_q=alpha+beta&filters[$and][0][views][$gt]=300&filters[$and][1][author][name][$eq]=Ada&filters[$and][2][__status][$eq]=published-modified&locale=fr',
    );
  });

  it('fills in the configuration\'s defaults and leaves out what is unset', () => {
    assert.equal(decodeURIComponent(listRequestQuery(EMPTY_PARAMS, { pageSize: 10, sort: 'title:ASC', locale: null })), '?page=1&pageSize=10&sort=title:ASC');
  });

  it('ignores what it does not understand', () => {
    assert.deepEqual(parseListParams('?page=-2&pageSize=abc&sort=title&filters[$and][0][__status][$eq]=nope&filters[x]=1'), EMPTY_PARAMS);
  });
});
