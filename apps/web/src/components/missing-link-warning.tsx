import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';

/**
 * Warns, under a message's text, that the text no longer holds the link it is sent for: the recipient would get
 * a message with nothing to open. A warning, not an error: the sender may mean to send the text alone.
 */
export function MissingLinkWarning({ text, link }: { text: string | undefined; link: string | undefined }) {
  const { t } = useTranslation();
  if (!link || (text ?? '').includes(link)) return null;
  return (
    // A link is one long word: it wraps anywhere rather than being cut off on a phone.
    <Alert severity="warning" sx={{ mt: 1, overflowWrap: 'anywhere' }} data-testid="missing-link">
      {t('sharing.linkMissing', { link })}
    </Alert>
  );
}
