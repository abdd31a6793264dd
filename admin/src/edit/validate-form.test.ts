import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { Attributes } from './edit-types';
import { buildFields, keyCounter } from './form-model';
import { problemPath, validateForm } from './validate-form';

const context = { components: new Map<string, Attributes>([['shared.quote', { text: { type: 'string', required: true, maxLength: 3 } }]]), mainField: () => 'name', nextKey: keyCounter() };

test('validateForm: required counts on publish only; ranges, lengths, regex, JSON and e-mail always; paths into components', () => {
  const attributes: Attributes = {
    title: { type: 'string', required: true },
    views: { type: 'integer', min: 0, max: 10 },
    code: { type: 'string', regex: '^[a-z]+$' },
    meta: { type: 'json' },
    contact: { type: 'email' },
    sections: { type: 'dynamiczone', components: ['shared.quote'] },
  };
  const fields = buildFields(attributes, { title: '', views: 11, code: 'A1', meta: null, contact: 'nope', sections: [{ __component: 'shared.quote', text: 'long' }] }, context);
  (fields.meta as { value: { value: unknown } }).value.value = '{';
  const draft = validateForm(fields, { publishing: false });
  assert.deepEqual([...draft.keys()].sort(), ['code', 'contact', 'meta', 'sections.0.text', 'views']);
  assert.deepEqual(draft.get('views'), { key: 'edit.error.max', values: { max: '10' } });
  assert.deepEqual(draft.get('sections.0.text'), { key: 'edit.error.maxLength', values: { max: 3 } });
  const publish = validateForm(fields, { publishing: true });
  assert.deepEqual(publish.get('title'), { key: 'edit.error.required' });
});

test('problemPath: a server path as the form names it', () => {
  assert.equal(problemPath(['sections', 2, 'text']), 'sections.2.text');
});
