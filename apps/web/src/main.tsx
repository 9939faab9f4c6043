import './app/theme/tokens.css';
import './app/theme/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { HashRouter } from 'react-router';
import { preloadOnIntent } from './app/preload-on-intent';
import { AppProviders } from './app/providers';
import { RouteErrorBoundary } from './app/route-error-boundary';
import { AppRoutes, preloadRoute } from './app/router';
import { i18nReady } from './lib/i18n';

preloadOnIntent(preloadRoute);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = container;

// The first render waits for the member's language (one small chunk, fetched while the router loads
// the page's own chunk), so no screen ever shows untranslated keys.
// Should no pack load at all, the app still starts, to show its error and offline states.
// The first render is a transition: React then works in slices of a few milliseconds and lets the
// browser paint and take input between them, instead of one long task on a slow phone.
function render() {
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <AppProviders>
          <HashRouter>
            <RouteErrorBoundary>
              <AppRoutes />
            </RouteErrorBoundary>
          </HashRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
}
void i18nReady.then(render, render);
