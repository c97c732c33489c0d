import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './app/App';
import { CrashGuard } from './components/CrashGuard';
import './styles.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter basename="/nacos">
      <CrashGuard>
        <App />
      </CrashGuard>
    </BrowserRouter>
  </StrictMode>,
);
