import { lazy, Route, Router } from 'preact-iso';

/**
 * The app's addresses once signed in (Strapi 5's admin URLs), one line each: a screen is its own
 * chunk, fetched the first time its address is opened (preact-iso's `lazy`); moving between
 * them changes the address without a page load (LocationProvider in main.tsx catches the clicks
 * on links under /admin). While a screen's chunk loads, the previous screen stays on view.
 */
const HomeScreen = lazy(() => import('./screens/home-screen').then((module) => module.HomeScreen));
const ListViewScreen = lazy(() => import('./screens/list-view/list-view-screen').then((module) => module.ListViewScreen));
const EditViewScreen = lazy(() => import('./screens/edit-view-screen').then((module) => module.EditViewScreen));
const SingleTypeScreen = lazy(() => import('./screens/edit-view-screen').then((module) => module.EditViewScreen));
const MediaLibraryScreen = lazy(() => import('./screens/media-library-screen').then((module) => module.MediaLibraryScreen));
const NotFoundScreen = lazy(() => import('./screens/not-found-screen').then((module) => module.NotFoundScreen));

export function AppRoutes() {
  return (
    <Router>
      <Route path="/admin" component={HomeScreen} />
      <Route path="/admin/content-manager/collection-types/:uid" component={ListViewScreen} />
      <Route path="/admin/content-manager/collection-types/:uid/:documentId" component={EditViewScreen} />
      <Route path="/admin/content-manager/single-types/:uid" component={SingleTypeScreen} />
      <Route path="/admin/plugins/upload" component={MediaLibraryScreen} />
      <Route default component={NotFoundScreen} />
    </Router>
  );
}
