import { useState } from 'react';

/**
 * Values typed but not saved yet, one per form (a questionnaire, the additional questions), so a page
 * can save them before it submits. A save forgets only the value it carried: what the user typed
 * while the save was on its way stays pending and goes with the next save.
 */
export interface TPendingSaves<V> {
  /** The form now holds `value` (each change is a new value). */
  typed(key: string, value: V): void;
  /** `value` reached the server: forgotten unless something newer was typed meanwhile. */
  saved(key: string, value: V): void;
  hasAny(): boolean;
  /** Save every pending value in turn; stops at the first failure (what is left stays pending). */
  saveEach(save: (key: string, value: V) => Promise<unknown>): Promise<void>;
}

export function createPendingSaves<V>(): TPendingSaves<V> {
  const pending = new Map<string, V>();
  const saved = (key: string, value: V) => {
    if (pending.get(key) === value) pending.delete(key);
  };
  return {
    typed: (key, value) => void pending.set(key, value),
    saved,
    hasAny: () => pending.size > 0,
    async saveEach(save) {
      for (const [key, value] of [...pending]) {
        await save(key, value);
        saved(key, value);
      }
    },
  };
}

/** One pending-saves store for the life of the component. */
export function usePendingSaves<V>(): TPendingSaves<V> {
  const [pending] = useState(createPendingSaves<V>);
  return pending;
}
