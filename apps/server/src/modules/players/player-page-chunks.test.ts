import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guessLanguage, playerChunks, playerModulePreloads } from './player-page-chunks';

/** A small build as Vite lays it out: an entry with the bundles' import map, lazy chunks, shared ones. */
function fakeBuild(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'forecourt-player-chunks-'));
  const assets = path.join(dist, 'assets');
  fs.mkdirSync(assets);
  const files: Record<string, string> = {
    'player-E1.js':
      'import{a}from"./framework-F1.js";const b={"./player-bundles/en.ts":()=>g(()=>import(`./en-L1.js`),[]),"./player-bundles/fr.ts":()=>g(()=>import(`./fr-L2.js`),[]),"./player-bundles/de.ts":()=>g(()=>import(`./de-L3.js`),[])};',
    'framework-F1.js': 'export const a=1;',
    'player-app-P1.js':
      'import{a}from"./framework-F1.js";import"./spin-S1.js";import{q}from"./query-Q1.js";const p=()=>import("./panorama-X1.js");',
    'spin-S1.js': 'export const s=1;',
    'panorama-X1.js': 'export const x=1;',
    'query-Q1.js': 'export const q=1;',
    'en-L1.js': 'import{t}from"./player-tree-T1.js";export default t();',
    'fr-L2.js': 'import{t}from"./player-tree-T1.js";export default t();',
    'de-L3.js': 'import{t}from"./player-tree-T1.js";export default t();',
    'player-tree-T1.js': 'export const t=()=>({});',
    // The portal's own entry and translations: not the player's.
    'index-I1.js': 'const b={"./bundles/en.ts":()=>g(()=>import(`./en-B1.js`),[])};',
    'en-B1.js': 'export default {};',
    // A date-picker locale of the same name: not a translation bundle.
    'de-Z9.js': 'export default {};',
  };
  for (const [name, code] of Object.entries(files)) fs.writeFileSync(path.join(assets, name), code);
  fs.writeFileSync(
    path.join(dist, 'player.html'),
    '<head><script type="module" crossorigin src="/assets/player-E1.js"></script><link rel="modulepreload" crossorigin href="/assets/framework-F1.js"></head>',
  );
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<head><script type="module" crossorigin src="/assets/index-I1.js"></script></head>',
  );
  return dist;
}

const dist = fakeBuild();
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));
const hrefs = (links: string) => [...links.matchAll(/href="\/assets\/([^"]+)"/g)].map((m) => m[1]).sort();

describe('player page chunks', () => {
  it('preloads the page and its static imports, but not lazy chunks nor what player.html lists', () => {
    const chunks = playerChunks(dist);
    expect(chunks.page.sort()).toEqual(['player-app-P1.js', 'query-Q1.js', 'spin-S1.js']);
    expect([...chunks.languages.keys()].sort()).toEqual(['de', 'en', 'fr']);
  });

  it('adds the translations of the language Accept-Language asks for, and the French fallback', () => {
    const chunks = playerChunks(dist);
    const page = ['player-app-P1.js', 'query-Q1.js', 'spin-S1.js'];
    expect(hrefs(playerModulePreloads(chunks, 'de-CH,de;q=0.9,en;q=0.8'))).toEqual(
      [...page, 'de-L3.js', 'fr-L2.js', 'player-tree-T1.js'].sort(),
    );
    expect(hrefs(playerModulePreloads(chunks, undefined))).toEqual([...page, 'fr-L2.js', 'player-tree-T1.js'].sort());
    expect(playerModulePreloads(chunks, 'en')).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/en-L1.js">',
    );
  });

  it('guesses the language as the portal will: by quality, first known one, else French', () => {
    const known = ['en', 'fr', 'de', 'es'];
    expect(guessLanguage('en-GB,en;q=0.9', known)).toBe('en');
    expect(guessLanguage('ja,es;q=0.5,de;q=0.8', known)).toBe('de');
    expect(guessLanguage('de;q=0,en;q=0.1', known)).toBe('en');
    expect(guessLanguage('ja, zh-CN', known)).toBe('fr');
    expect(guessLanguage('', known)).toBe('fr');
    expect(guessLanguage(undefined, known)).toBe('fr');
  });

  it('preloads nothing without a build', () => {
    expect(playerModulePreloads(playerChunks(undefined), 'en')).toBe('');
    expect(playerModulePreloads(playerChunks(path.join(dist, 'missing')), 'en')).toBe('');
  });
});
