import { createBrowserRouter } from 'react-router';
import { routes } from './routes';
import { prepareScrollRestoration } from './scrollRestoration';

/**
 * The app's router. Made when the app starts rather than when its module is evaluated: ranking
 * the routes and matching the address is 20 ms at a phone's speed, and in the entry's evaluation
 * it lengthened that one task (Lighthouse's total blocking time, issue 33).
 */
export function createAppRouter() {
  // Before the router reads history.state (the first entry's scroll key lives there).
  prepareScrollRestoration();
  return createBrowserRouter(routes);
}
