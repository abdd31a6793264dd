import { contentTypeActions } from './known-actions.js';
import type { PermissionGrants } from '../config/app-config.js';
import { isPluginType } from '../schema/content-type.js';
import { writtenPermission } from './permission-names.js';
import type { SchemaRegistry } from '../schema/registry.js';

/** Role type → subject (`api::article.article`, `plugin::users-permissions.auth`) → full action names. */
export type ExpandedGrants = ReadonlyMap<string, ReadonlyMap<string, ReadonlySet<string>>>;

/** `api::article.article.find` → `api::article.article`: what a permission's last segment acts on. */
export function subjectOf(action: string): string {
  const dot = action.lastIndexOf('.');
  return dot === -1 ? action : action.slice(0, dot);
}

/**
 * config/permissions with its wildcards resolved against this project, as the rows it stands
 * for. The subject `*` means every content-type of the project (`api::…`; the plugins' own
 * types and controllers are granted only by name); the action list `*` means every action of
 * the subject: find, findOne, create, update, delete for a collection type (find, update,
 * delete for a single type; publish, unpublish, discardDraft where drafts exist), and every
 * known action of a plugin controller. Entries that cover the same subject add up.
 */
export function expandGrants(grants: PermissionGrants, registry: SchemaRegistry, pluginActions: readonly string[], log: (message: string) => void): ExpandedGrants {
  const projectTypes = registry.contentTypes.filter((type) => !isPluginType(type));
  const everyAction = (subject: string): string[] => {
    // `plugin::users-permissions.user` is a content-type too, but its actions are its controller's (me, destroy, count, …).
    const type = registry.get(subject);
    if (type && !isPluginType(type)) return contentTypeActions(type.uid, type.kind, type.draftAndPublish);
    return pluginActions.filter((action) => subjectOf(action) === subject);
  };
  const expanded = new Map<string, Map<string, Set<string>>>();
  for (const [roleType, subjects] of Object.entries(grants)) {
    const bySubject = new Map<string, Set<string>>();
    for (const [subject, actions] of Object.entries(subjects)) {
      const covered = subject === '*' ? projectTypes.map((type) => type.uid) : [subject];
      if (subject !== '*' && everyAction(subject).length === 0) {
        log(`config/permissions: ${roleType}.${subject} names no content-type or plugin controller Tessera knows; its actions are stored as written.`);
      }
      for (const covers of covered) {
        const names = actions === '*' || actions.includes('*') ? everyAction(covers) : actions.map((action) => writtenPermission(covers, action));
        const set = bySubject.get(covers) ?? new Set<string>();
        for (const name of names) set.add(name);
        bySubject.set(covers, set);
      }
    }
    expanded.set(roleType, bySubject);
  }
  return expanded;
}
