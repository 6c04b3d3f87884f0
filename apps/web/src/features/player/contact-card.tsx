import type { ContactInformation } from '@forecourt/contracts';
import PhoneIcon from '@mui/icons-material/Phone';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** The dealer's contact information and phone number, next to the media. */
export function ContactCard({ items, phone }: { items: ContactInformation[]; phone: string | null }) {
  const { t } = useTranslation();
  if (items.length === 0 && !phone) return null;
  return (
    <Paper component="section" aria-labelledby="player-contact-title" variant="outlined" sx={{ p: 2 }}>
      <Typography id="player-contact-title" variant="h6" component="h2" gutterBottom>
        {t('publicPlayer.contact')}
      </Typography>
      <dl style={{ margin: 0 }}>
        {items.map((item, i) => (
          <div key={`${i}-${item.title}`} style={{ marginBottom: 8 }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {item.title}
            </Typography>
            <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {item.value}
            </Typography>
          </div>
        ))}
      </dl>
      {phone && (
        <Button
          href={`tel:${phone.replace(/\s+/g, '')}`}
          startIcon={<PhoneIcon />}
          variant="contained"
          aria-label={t('publicPlayer.call', { phone })}
        >
          {phone}
        </Button>
      )}
    </Paper>
  );
}
