import { mergeTrees, type Tree } from '../merge';

// Every feature's file of one language, merged: a language arrives in one request.
export default mergeTrees(
  Object.values(import.meta.glob<Tree>('../locales/es/*.json', { eager: true, import: 'default' })),
);
