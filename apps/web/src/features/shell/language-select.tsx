import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../i18n/i18n';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '../../i18n/languages';

/** The language choice, kept in local storage. */
export function LanguageSelect({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { t, i18n } = useTranslation();
  return (
    <TextField
      select
      size={size}
      label={t('shell.language')}
      value={isLanguage(i18n.language) ? i18n.language : 'fr'}
      onChange={(e) => void changeLanguage(e.target.value as (typeof LANGUAGES)[number])}
      sx={{ minWidth: 160 }}
      slotProps={{ select: { native: true }, htmlInput: { 'data-testid': 'language-select' } }}
    >
      {LANGUAGES.map((lang) => (
        <option key={lang} value={lang} lang={lang}>
          {LANGUAGE_NAMES[lang]}
        </option>
      ))}
    </TextField>
  );
}
