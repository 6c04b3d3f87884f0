import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n';
import { LANGUAGE_NAMES, LANGUAGES, isLanguage } from '../i18n/languages';

// NativeSelect's input props do not declare data attributes; the e2e tests find the select by it.
const TEST_ID = { 'data-testid': 'language-select' };

/**
 * The language choice, kept in local storage. A native select in an outlined field: TextField would bring
 * the menu select (popover, modal, focus trap) to the login page's first load.
 */
export function LanguageSelect({ size = 'small' }: { size?: 'small' | 'medium' }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const label = t('shell.language');
  return (
    <FormControl size={size} variant="outlined" sx={{ minWidth: 160 }}>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <NativeSelect
        variant="outlined"
        input={<OutlinedInput label={label} />}
        value={isLanguage(i18n.language) ? i18n.language : 'fr'}
        onChange={(e) => void changeLanguage(e.target.value as (typeof LANGUAGES)[number])}
        inputProps={{ id, ...TEST_ID }}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {LANGUAGE_NAMES[lang]}
          </option>
        ))}
      </NativeSelect>
    </FormControl>
  );
}
