// Setup of the component tests (*.test.tsx, jsdom): the real English texts with French as the fallback,
// as a user reads them, and a clean document after each test.
import { cleanup } from '@testing-library/react';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach } from 'vitest';
import { mergeTrees, type Tree } from '../i18n/merge';

const files = (lang: string): Tree[] =>
  Object.entries(import.meta.glob<Tree>('../i18n/locales/*/*.json', { eager: true, import: 'default' }))
    .filter(([path]) => path.includes(`/locales/${lang}/`))
    .map(([, tree]) => tree);

await i18n.use(initReactI18next).init({
  lng: 'en',
  fallbackLng: 'fr',
  resources: { en: { translation: mergeTrees(files('en')) }, fr: { translation: mergeTrees(files('fr')) } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

afterEach(() => cleanup());
