import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isDayjsLocaleLoaded, loadDayjsLocale } from '../lib/dayjs-locales';

/**
 * Pickers in the portal's language: its first day of the week (Monday for fr and es, Sunday for en) and
 * the empty field's placeholder in its letters (JJ/MM/AAAA, TT.MM.JJJJ...) rather than DD/MM/YYYY.
 */
export function DateLocalization({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const [, setLoadedLocale] = useState(lang);
  // After a language switch the pickers keep the previous locale until the new one has arrived.
  useEffect(() => {
    if (!isDayjsLocaleLoaded(lang)) void loadDayjsLocale(lang).then(() => setLoadedLocale(lang));
  }, [lang]);
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={isDayjsLocaleLoaded(lang) ? lang : 'en'}
      localeText={{
        fieldDayPlaceholder: () => t('shootings.search.placeholder.day'),
        fieldMonthPlaceholder: () => t('shootings.search.placeholder.month'),
        fieldYearPlaceholder: ({ digitAmount }) => t('shootings.search.placeholder.yearLetter').repeat(digitAmount),
        day: t('shootings.search.picker.day'),
        month: t('shootings.search.picker.month'),
        year: t('shootings.search.picker.year'),
        openDatePickerDialogue: () => t('shootings.search.picker.choose'),
        fieldClearLabel: t('shootings.search.picker.clear'),
      }}
    >
      {children}
    </LocalizationProvider>
  );
}
