import { playerTree } from '../player-tree';

// The public player's translations in Polish: its own file and the few shared keys it shows. Each part is
// a named import of its file.
export default playerTree({
  publicPlayer: import.meta.glob('../locales/pl/player.json', { eager: true, import: 'publicPlayer' }),
  api: import.meta.glob('../locales/pl/player.json', { eager: true, import: 'api' }),
  common: import.meta.glob('../locales/pl/common.json', { eager: true, import: 'common' }),
  cookies: import.meta.glob('../locales/pl/legal.json', { eager: true, import: 'cookies' }),
  shell: import.meta.glob('../locales/pl/shell.json', { eager: true, import: 'shell' }),
  shooting: import.meta.glob('../locales/pl/shooting-detail.json', { eager: true, import: 'shooting' }),
});
