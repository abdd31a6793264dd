import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { DEFAULT_EMAIL_TEMPLATES, readEmailTemplates, renderTemplate, senderOf } from './email-templates.js';

describe('email templates', () => {
  it('fills names and USER fields; HTML values are escaped, text values are not', () => {
    const template = 'Hi <%= USER.username %>, <%=URL%>?code=<%= TOKEN %> <%= MISSING %>';
    const variables = { USER: { username: '<b>x</b>&' }, URL: 'https://a.test/r?x=1&y=2', TOKEN: 'abc' };
    assert.equal(renderTemplate(template, variables, false), 'Hi <b>x</b>&, https://a.test/r?x=1&y=2?code=abc ');
    assert.equal(renderTemplate(template, variables, true), 'Hi &lt;b&gt;x&lt;/b&gt;&amp;, https://a.test/r?x=1&amp;y=2?code=abc ');
  });

  it('never evaluates code in a template', () => {
    assert.equal(renderTemplate('<%= process.exit(1) %><% throw 1 %>', {}, false), '<%= process.exit(1) %><% throw 1 %>');
  });

  it('unreadable stored templates fall back to the defaults; strict reading refuses them', () => {
    assert.deepEqual(readEmailTemplates(null), DEFAULT_EMAIL_TEMPLATES);
    assert.deepEqual(readEmailTemplates({ reset_password: { object: 1 } }).reset_password, DEFAULT_EMAIL_TEMPLATES.reset_password);
    assert.throws(() => readEmailTemplates({ reset_password: { object: 1 } }, true), /reset_password/);
  });

  it('a template sender, else the email plugin default', () => {
    assert.equal(senderOf(DEFAULT_EMAIL_TEMPLATES.reset_password), undefined);
    assert.equal(senderOf({ ...DEFAULT_EMAIL_TEMPLATES.reset_password, from: { name: 'Shop', email: 'shop@a.test' } }), 'Shop <shop@a.test>');
  });
});
