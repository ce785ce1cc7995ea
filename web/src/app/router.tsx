import { createBrowserRouter } from 'react-router';
import { routes } from './routes';
import { prepareScrollRestoration } from './scrollRestoration';

// Before the router reads history.state (the first entry's scroll key lives there).
prepareScrollRestoration();

export const router = createBrowserRouter(routes);
