// Only what /login shows: PrimeReact's theme and icons come with the other pages (styles/with-theme.ts).
import './styles/app.css';
import './styles/login-controls.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createAppActors } from '../machines/app-actors';
import { App } from './app';
import { AppProvider } from './app-context';

const actors = createAppActors();
actors.locale.start();
actors.session.start();
actors.guard.start();
actors.settings.start();
actors.tabs.start();

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <AppProvider actors={actors}>
      <App />
    </AppProvider>
  </StrictMode>,
);
