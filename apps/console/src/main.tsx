// antd 5 renders through React 19 with this patch (its popups and messages use the old render API).
import '@ant-design/v5-patch-for-react-19';
import '@refinedev/antd/dist/reset.css';
import './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
