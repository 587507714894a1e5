import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { installPreloadErrorReload } from './lib/preload-error';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';

installPreloadErrorReload({
  target: window,
  storage: window.sessionStorage,
  reload: () => window.location.reload(),
});

const queryClient = createQueryClient();
const router = createAppRouter({ queryClient });

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element.');

createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} router={router} />
  </StrictMode>,
);
