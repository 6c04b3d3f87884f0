import type { MarketplaceDmsPush, MarketplaceExportPush } from '@forecourt/contracts';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/http';
import { dateTimeFormat } from '../../i18n/date-format';
import { pushExportToDms, pushExportToWebhooks } from './marketplaces-api';

export type SendTarget = 'webhooks' | 'dms';

/** One profile's send, from the click to what the server answered. */
export type SendState =
  | { step: 'sending'; to: SendTarget }
  | { step: 'sent'; to: 'webhooks'; result: MarketplaceExportPush }
  | { step: 'sent'; to: 'dms'; result: MarketplaceDmsPush }
  | { step: 'failed'; to: SendTarget; errorKey: string };

/** The server's refusal, in the person's words (the codes of `platform/errors.ts`). */
export function sendErrorKey(err: unknown): string {
  if (!(err instanceof ApiError)) return 'marketplaces.send.errors.other';
  if (err.status === 403) return 'marketplaces.send.errors.FORBIDDEN';
  if (err.status === 404) return 'marketplaces.send.errors.NOT_FOUND';
  if (err.status === 400) return 'marketplaces.send.errors.VALIDATION_ERROR';
  return 'marketplaces.send.errors.other';
}

/** The sends of a shooting's exports, one state per profile. */
export function useExportSends(shootingId: string) {
  const [states, setStates] = useState<Record<string, SendState>>({});
  const set = (profileId: string, state: SendState) => setStates((s) => ({ ...s, [profileId]: state }));
  const send = async (profileId: string, to: SendTarget) => {
    set(profileId, { step: 'sending', to });
    try {
      if (to === 'webhooks')
        set(profileId, { step: 'sent', to, result: await pushExportToWebhooks(shootingId, profileId) });
      else set(profileId, { step: 'sent', to, result: await pushExportToDms(shootingId, profileId) });
    } catch (err) {
      set(profileId, { step: 'failed', to, errorKey: sendErrorKey(err) });
    }
  };
  return { stateOf: (profileId: string) => states[profileId], send };
}

/** "Send to…": the profile's export to the group's webhook endpoints or to its DMS. */
export function SendMenuButton({
  profileId,
  name,
  sending,
  onSend,
}: {
  profileId: string;
  name: string;
  sending: boolean;
  onSend: (to: SendTarget) => void;
}) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = `send-menu-${profileId}`;
  const pick = (to: SendTarget) => {
    setAnchor(null);
    onSend(to);
  };
  return (
    <>
      <Button
        size="small"
        disabled={sending}
        aria-label={t('marketplaces.send.buttonFor', { name })}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        {t('marketplaces.send.button')}
      </Button>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => pick('webhooks')}>{t('marketplaces.send.toWebhooks')}</MenuItem>
        <MenuItem onClick={() => pick('dms')}>{t('marketplaces.send.toDms')}</MenuItem>
      </Menu>
    </>
  );
}

/** What became of a profile's send: under way, what went where, or why the server refused it. */
export function SendResult({ state, name }: { state: SendState | undefined; name: string }) {
  const { t, i18n } = useTranslation();
  if (!state) return null;
  if (state.step === 'sending')
    return (
      <Stack spacing={0.5} role="status">
        <Typography variant="body2">{t(`marketplaces.send.sending.${state.to}`, { name })}</Typography>
        <LinearProgress aria-label={t(`marketplaces.send.sending.${state.to}`, { name })} />
      </Stack>
    );
  if (state.step === 'failed')
    return (
      <Alert severity="error" role="alert">
        {t(state.errorKey)}
      </Alert>
    );
  if (state.to === 'webhooks' && state.result.endpoints === 0)
    return (
      <Alert severity="warning" role="status">
        {t('marketplaces.send.noEndpoint')}
      </Alert>
    );
  const what = t('marketplaces.send.what', { name, count: state.result.pictures });
  const where =
    state.to === 'webhooks'
      ? t('marketplaces.send.whereWebhooks', {
          count: state.result.endpoints,
          until: dayjs(state.result.expiresAt).format(dateTimeFormat(i18n.language)),
        })
      : t(`marketplaces.send.whereDms.${state.result.driver}`);
  return (
    <Alert severity="success" role="status">
      <Typography variant="body2" component="p" sx={{ fontWeight: 600 }}>
        {t(state.to === 'webhooks' ? 'marketplaces.send.sentWebhooks' : 'marketplaces.send.queuedDms')}
      </Typography>
      <Typography variant="body2" component="p">
        {what}
      </Typography>
      <Typography variant="body2" component="p">
        {where}
      </Typography>
    </Alert>
  );
}
