import { render } from 'preact';
import { LocationProvider } from 'preact-iso';
import { App } from './app';
import { AppContext } from './app-context';
import { createAppState } from './app-state';
import { createSessionStore } from './api/session-store';
import { createThemeStore } from './theme/theme-store';
import './styles/app.css';

// The app's state is made here, once, from the browser's storage and media queries, and handed
// down through AppContext (no module holds state of its own).
const theme = createThemeStore(document.documentElement, localStorage, matchMedia('(prefers-color-scheme: dark)'));
const state = createAppState(createSessionStore({ session: sessionStorage, local: localStorage }), theme);
const root = document.getElementById('app');
if (root === null) throw new Error('index.html has no #app element');
render(
  <AppContext.Provider value={state}>
    {/* Links under /admin change the address without a page load; others (the API, files) load. */}
    <LocationProvider scope={/^\/admin(\/|$|\?)/}>
      <App />
    </LocationProvider>
  </AppContext.Provider>,
  root,
);
