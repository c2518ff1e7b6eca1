import { useSyncExternalStore } from 'react';
import { createStore } from './external-store.ts';

export type LoadingType = 'full' | 'inline';

export interface LoadingState {
  show: boolean;
  /** Requests that asked for the overlay and have not finished. */
  count: number;
  /** Translated text, or null for the default "Loading...". */
  text: string | null;
  type: LoadingType;
}

export const IDLE: LoadingState = { show: false, count: 0, text: null, type: 'full' };

/** Each show counts up and may replace text and type. */
export function showLoading(
  state: LoadingState,
  options: { text?: string; type?: LoadingType } = {},
): LoadingState {
  return {
    show: true,
    count: state.count + 1,
    text: options.text ?? state.text,
    type: options.type ?? state.type,
  };
}

/** Each hide counts down; at zero or below the overlay hides and text and type reset. */
export function hideLoading(state: LoadingState): LoadingState {
  const count = state.count - 1;
  return count <= 0 ? IDLE : { ...state, count };
}

const store = createStore<LoadingState>(IDLE);

/** The global loading overlay. */
export const loading = {
  show: (options?: { text?: string; type?: LoadingType }) => store.set(showLoading(store.get(), options)),
  hide: () => store.set(hideLoading(store.get())),
  reset: () => store.set(IDLE),
  /** Shows the overlay while a promise runs. */
  async during<T>(work: Promise<T>, options?: { text?: string; type?: LoadingType }): Promise<T> {
    loading.show(options);
    try {
      return await work;
    } finally {
      loading.hide();
    }
  },
};

export function useLoading(): LoadingState {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
