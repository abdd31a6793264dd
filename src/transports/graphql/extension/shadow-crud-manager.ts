import { SHADOW_ACTIONS, type ShadowAction, type ShadowCrudView } from './extension-types.js';
import { ExtensionError } from './extension-error.js';

const QUERY_ACTIONS: ReadonlySet<ShadowAction> = new Set(['find', 'findOne']);

/** `shadowCRUD(uid).field(name)`: setters chain; getters say what the schema builder will generate. */
export interface ShadowCrudField {
  disable(): ShadowCrudField;
  disableOutput(): ShadowCrudField;
  disableInput(): ShadowCrudField;
  disableFilters(): ShadowCrudField;
  isEnabled(): boolean;
  isDisabled(): boolean;
  hasOutputEnabled(): boolean;
  hasInputEnabled(): boolean;
  hasFiltersEnabled(): boolean;
  /** The reference's real (misspelled) method name, kept so that code written for it runs. */
  hasFiltersEnabeld(): boolean;
}

/** `shadowCRUD(uid)`: setters chain and return the same object. */
export interface ShadowCrudType {
  disable(): ShadowCrudType;
  disableQueries(): ShadowCrudType;
  disableMutations(): ShadowCrudType;
  /** `'*'` disables every action. */
  disableAction(action: string): ShadowCrudType;
  disableActions(actions: readonly string[]): ShadowCrudType;
  isEnabled(): boolean;
  isDisabled(): boolean;
  areQueriesEnabled(): boolean;
  areQueriesDisabled(): boolean;
  areMutationsEnabled(): boolean;
  areMutationsDisabled(): boolean;
  isActionEnabled(action: string): boolean;
  isActionDisabled(action: string): boolean;
  field(name: string): ShadowCrudField;
}

interface FieldState {
  disabled: boolean;
  output: boolean;
  input: boolean;
  filters: boolean;
}

interface TypeState {
  disabled: boolean;
  queriesDisabled: boolean;
  mutationsDisabled: boolean;
  readonly disabledActions: Set<ShadowAction>;
  readonly fields: Map<string, FieldState>;
}

/** The settings of every content-type; the builder reads them through `view()`. */
export interface ShadowCrudManager {
  type(uid: string): ShadowCrudType;
  view(): ShadowCrudView;
}

function isShadowAction(action: unknown): action is ShadowAction {
  return typeof action === 'string' && (SHADOW_ACTIONS as readonly string[]).includes(action);
}

function checkAction(action: unknown, allowAll: boolean): ShadowAction | '*' {
  if (isShadowAction(action) || (allowAll && action === '*')) return action;
  const expected = `${SHADOW_ACTIONS.join(', ')}${allowAll ? ' or "*"' : ''}`;
  throw new ExtensionError(`Unknown shadow CRUD action ${JSON.stringify(action)}: expected one of ${expected}`);
}

function checkName(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw new ExtensionError(`shadowCRUD: ${what} must be a non-empty string, got ${JSON.stringify(value)}`);
  return value;
}

function fieldApi(read: () => FieldState | undefined, write: () => FieldState): ShadowCrudField {
  const state = (): FieldState => read() ?? { disabled: false, output: true, input: true, filters: true };
  const api: ShadowCrudField = {
    disable() {
      Object.assign(write(), { disabled: true, output: false, input: false, filters: false });
      return api;
    },
    disableOutput() {
      write().output = false;
      return api;
    },
    disableInput() {
      write().input = false;
      return api;
    },
    disableFilters() {
      write().filters = false;
      return api;
    },
    isEnabled: () => !state().disabled,
    isDisabled: () => state().disabled,
    hasOutputEnabled: () => state().output,
    hasInputEnabled: () => state().input,
    hasFiltersEnabled: () => state().filters,
    hasFiltersEnabeld: () => state().filters,
  };
  return api;
}

/**
 * Keeps what `shadowCRUD(uid)` calls set. The getters are derived, so they agree with what is
 * generated: a disabled type has no action enabled, disabled queries disable `find` and `findOne`,
 * disabled mutations disable `create`, `update` and `delete`.
 */
export function createShadowCrudManager(): ShadowCrudManager {
  const types = new Map<string, TypeState>();

  const stateOf = (uid: string): TypeState => {
    let state = types.get(uid);
    if (!state) {
      state = { disabled: false, queriesDisabled: false, mutationsDisabled: false, disabledActions: new Set(), fields: new Map() };
      types.set(uid, state);
    }
    return state;
  };
  const isTypeEnabled = (uid: string): boolean => !types.get(uid)?.disabled;
  const isActionEnabled = (uid: string, action: ShadowAction): boolean => {
    const state = types.get(uid);
    if (!state) return true;
    if (state.disabled || state.disabledActions.has(action)) return false;
    return QUERY_ACTIONS.has(action) ? !state.queriesDisabled : !state.mutationsDisabled;
  };
  const fieldState = (uid: string, field: string): FieldState | undefined => types.get(uid)?.fields.get(field);

  const type = (rawUid: string): ShadowCrudType => {
    const uid = checkName(rawUid, 'the content-type uid');
    const api: ShadowCrudType = {
      disable() {
        stateOf(uid).disabled = true;
        return api;
      },
      disableQueries() {
        stateOf(uid).queriesDisabled = true;
        return api;
      },
      disableMutations() {
        stateOf(uid).mutationsDisabled = true;
        return api;
      },
      disableAction(action) {
        const checked = checkAction(action, true);
        const disabled = stateOf(uid).disabledActions;
        for (const one of checked === '*' ? SHADOW_ACTIONS : [checked]) disabled.add(one);
        return api;
      },
      disableActions(actions) {
        if (!Array.isArray(actions)) throw new ExtensionError(`shadowCRUD(${uid}).disableActions expects an array of action names`);
        // Checked first so that a bad name leaves nothing half-applied.
        for (const action of actions) checkAction(action, true);
        for (const action of actions) api.disableAction(action);
        return api;
      },
      isEnabled: () => isTypeEnabled(uid),
      isDisabled: () => !isTypeEnabled(uid),
      areQueriesEnabled: () => isTypeEnabled(uid) && !types.get(uid)?.queriesDisabled,
      areQueriesDisabled: () => !api.areQueriesEnabled(),
      areMutationsEnabled: () => isTypeEnabled(uid) && !types.get(uid)?.mutationsDisabled,
      areMutationsDisabled: () => !api.areMutationsEnabled(),
      isActionEnabled: (action) => isActionEnabled(uid, checkAction(action, false) as ShadowAction),
      isActionDisabled: (action) => !api.isActionEnabled(action),
      field(rawName) {
        const name = checkName(rawName, 'the field name');
        return fieldApi(
          () => fieldState(uid, name),
          () => {
            const fields = stateOf(uid).fields;
            let state = fields.get(name);
            if (!state) {
              state = { disabled: false, output: true, input: true, filters: true };
              fields.set(name, state);
            }
            return state;
          },
        );
      },
    };
    return api;
  };

  const view: ShadowCrudView = {
    isTypeEnabled,
    isActionEnabled,
    hasOutput: (uid, field) => fieldState(uid, field)?.output ?? true,
    hasInput: (uid, field) => fieldState(uid, field)?.input ?? true,
    hasFilters: (uid, field) => fieldState(uid, field)?.filters ?? true,
  };
  return { type, view: () => view };
}
