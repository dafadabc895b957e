import { defineConfig } from 'vite';
import { remoteConfig } from '@volante/plugin-ui/vite';

// The federated remote's build, shared by every plugin UI (plugin-ui/vite/remote.js).
export default defineConfig(remoteConfig('formative'));
