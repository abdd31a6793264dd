import { signal, type Signal } from '@preact/signals';
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { ContentApi } from './content-api';
import type { ConfigurationAnswer, ViewConfiguration } from './edit-types';
import type { BuildContext } from './form-model';

/**
 * The problems shown at the fields: one signal per path, so that setting or clearing the
 * problem of a field re-renders that field only.
 */
export interface ProblemStore {
  at(path: string): Signal<string | null>;
  /** Replaces every problem (a validation, a server's answer). */
  replace(problems: ReadonlyMap<string, string>): void;
}

export function createProblemStore(): ProblemStore {
  const byPath = new Map<string, Signal<string | null>>();
  const at = (path: string): Signal<string | null> => {
    let entry = byPath.get(path);
    if (entry === undefined) {
      entry = signal<string | null>(null);
      byPath.set(path, entry);
    }
    return entry;
  };
  return {
    at,
    replace(problems) {
      for (const [path, entry] of byPath) if (!problems.has(path)) entry.value = null;
      for (const [path, message] of problems) at(path).value = message;
    },
  };
}

/** What the fields of one edit view share (given by EditEnvContext). */
export interface EditEnv {
  readonly api: ContentApi;
  /** The edited type's uid. */
  readonly model: string;
  readonly documentId: Signal<string | null>;
  readonly locale: Signal<string | null>;
  readonly configuration: ConfigurationAnswer;
  readonly problems: ProblemStore;
  readonly build: BuildContext;
  /** Display names of the components, by uid. */
  readonly componentNames: ReadonlyMap<string, string>;
  /** The form's body as it would be saved (uid generation reads the other fields). */
  formData(): Record<string, unknown>;
  /** The mounted blocks editors: each flushes its pending (debounced) change before a save. */
  readonly blocks: BlocksRegistry;
  /** Read-only: a history version shown, or no permission. */
  readonly readOnly: boolean;
}

export const EditEnvContext = createContext<EditEnv | null>(null);

export function useEditEnv(): EditEnv {
  const env = useContext(EditEnvContext);
  if (env === null) throw new Error('useEditEnv() outside <EditEnvContext.Provider>');
  return env;
}

/** The view configuration of the type (model) or of a component. */
export function configurationOf(env: EditEnv, model: string): ViewConfiguration | undefined {
  return model === env.model ? env.configuration.contentType : env.configuration.components[model];
}

/** The label of relation targets: the field's `mainField` in the configuration of the owning model. */
export function mainFieldOf(configuration: ConfigurationAnswer, target: string, attributesByModel: ReadonlyMap<string, Readonly<Record<string, { readonly target?: string; readonly targetModel?: string }>>>): string {
  const configs: [string, ViewConfiguration][] = [['', configuration.contentType], ...Object.entries(configuration.components)];
  for (const [, config] of configs) {
    for (const [field, metadata] of Object.entries(config.metadatas)) {
      const mainField = metadata.edit?.mainField;
      if (mainField === undefined) continue;
      for (const attributes of attributesByModel.values()) {
        const attribute = attributes[field];
        if (attribute !== undefined && (attribute.targetModel ?? attribute.target) === target) return mainField;
      }
    }
  }
  return 'documentId';
}

export interface BlocksRegistry {
  /** Adds a flush; the returned function removes it (the field unmounted). */
  register(flush: () => void): () => void;
  flushAll(): void;
}

export function createBlocksRegistry(): BlocksRegistry {
  const flushes = new Set<() => void>();
  return {
    register(flush) {
      flushes.add(flush);
      return () => flushes.delete(flush);
    },
    flushAll() {
      for (const flush of flushes) flush();
    },
  };
}
