import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import 'dayjs/locale/da';
import 'dayjs/locale/de';
import 'dayjs/locale/es';
import 'dayjs/locale/fr';
import 'dayjs/locale/it';
import 'dayjs/locale/nl';
import 'dayjs/locale/pl';
import 'dayjs/locale/pt';
import 'dayjs/locale/sv';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Pickers in the portal's language: its first day of the week (Monday for fr and es, Sunday for en). */
export function DateLocalization({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={i18n.language}>
      {children}
    </LocalizationProvider>
  );
}
