import { playerTree } from '../player-tree';

// The public player's translations in Italian: its own file and the few shared keys it shows. Each part is
// a named import of its file.
export default playerTree({
  publicPlayer: import.meta.glob('../locales/it/player.json', { eager: true, import: 'publicPlayer' }),
  api: import.meta.glob('../locales/it/player.json', { eager: true, import: 'api' }),
  common: import.meta.glob('../locales/it/common.json', { eager: true, import: 'common' }),
  cookies: import.meta.glob('../locales/it/legal.json', { eager: true, import: 'cookies' }),
  shell: import.meta.glob('../locales/it/shell.json', { eager: true, import: 'shell' }),
  shooting: import.meta.glob('../locales/it/shooting-detail.json', { eager: true, import: 'shooting' }),
});
