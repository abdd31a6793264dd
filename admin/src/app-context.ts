import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { AppState } from './app-state';

export const AppContext = createContext<AppState | null>(null);

/** The app's state, from the nearest AppContext provider (main.tsx renders the one). */
export function useAppState(): AppState {
  const state = useContext(AppContext);
  if (state === null) throw new Error('useAppState() outside <AppContext.Provider>');
  return state;
}
