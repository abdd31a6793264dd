import { CONTENT_ACTIONS, PLAIN_ACTIONS } from './admin-action-catalog.js';
import { contentSubjects, type AdminContentModel, type ContentSubject, type SubjectField } from './admin-content-subjects.js';
import { ADMIN_CONDITIONS } from './admin-permission-input.js';

interface PropertyNode {
  readonly label: string;
  readonly value: string;
  readonly children: readonly unknown[];
}

/** A subject of the registry: its fields tree, and its locales when localized (Strapi's `properties`). */
function subjectEntry(subject: ContentSubject, locales: ReturnType<AdminContentModel['locales']['list']>): { uid: string; label: string; properties: PropertyNode[] } {
  const fields = (list: readonly SubjectField[]): unknown[] =>
    list.map((field) => ({ label: field.label, value: field.value, ...(field.required ? { required: true } : {}), ...(field.children ? { children: fields(field.children) } : {}) }));
  const properties: PropertyNode[] = [{ label: 'Fields', value: 'fields', children: fields(subject.fieldTree) }];
  if (subject.localized) properties.push({ label: 'Locales', value: 'locales', children: locales.map((locale) => ({ label: locale.name, value: locale.code, isDefault: locale.isDefault })) });
  return { uid: subject.uid, label: subject.label, properties };
}

/**
 * GET /admin/permissions: what a role may be granted — the conditions, and the sections
 * (content-manager actions per collection and single types with their subjects' fields and
 * locales; plugin and settings actions), in Strapi 5.54's shape.
 */
export function permissionRegistry(model: AdminContentModel): unknown {
  const subjects = contentSubjects(model.registry);
  const locales = model.locales.list();
  const allUids = subjects.map((subject) => subject.uid);
  const section = (kind: ContentSubject['kind']) => ({
    // Strapi lists every subject under each action in both sections; the subjects list is per kind.
    actions: CONTENT_ACTIONS.map((entry) => ({ label: entry.label, actionId: entry.action, subjects: allUids, applyToProperties: entry.applyToProperties })),
    subjects: subjects.filter((subject) => subject.kind === kind).map((subject) => subjectEntry(subject, locales)),
  });
  return {
    conditions: ADMIN_CONDITIONS,
    sections: {
      plugins: PLAIN_ACTIONS.filter((entry) => entry.section === 'plugins').map((entry) => ({ displayName: entry.displayName, plugin: entry.group, subCategory: entry.subCategory, action: entry.action })),
      settings: PLAIN_ACTIONS.filter((entry) => entry.section === 'settings').map((entry) => ({ displayName: entry.displayName, category: entry.group, subCategory: entry.subCategory, action: entry.action })),
      singleTypes: section('singleType'),
      collectionTypes: section('collectionType'),
    },
  };
}
