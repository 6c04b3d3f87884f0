import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { DomainRule } from '@forecourt/contracts/federation';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useSnackbar } from '../../components/snackbar';
import { DomainRuleDialog } from './domain-rule-dialog';
import { deleteDomainRule, domainRuleErrorKey, federationKeys, fetchDomainRules } from './federation-api';

/**
 * A group's sign-in rules: per e-mail domain of an external identity provider, what the first sign-in of a
 * new address gets, and which roles the token's groups claim gives at every sign-in.
 */
export function SignInRulesPanel({ groupId }: { groupId: string }) {
  const { t } = useTranslation();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const rules = useQuery({ queryKey: federationKeys.rules(groupId), queryFn: () => fetchDomainRules(groupId) });
  const [editing, setEditing] = useState<DomainRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DomainRule | null>(null);
  const remove = useMutation({
    mutationFn: (domain: string) => deleteDomainRule(groupId, domain),
    onSuccess: async () => {
      setDeleting(null);
      snackbar.show('settings.signIn.deleted', 'success');
      await queryClient.invalidateQueries({ queryKey: federationKeys.rules(groupId) });
    },
    onError: (err) => snackbar.show(domainRuleErrorKey(err)),
  });
  const free = rules.data?.externalDomains.filter((d) => !rules.data.items.some((r) => r.domain === d)) ?? [];

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">{t('settings.signIn.intro')}</Typography>
      {rules.isPending && <CircularProgress aria-label={t('common.loading')} />}
      {rules.isError && <Alert severity="error">{t('api.commonError')}</Alert>}
      {rules.data && (
        <>
          {rules.data.externalDomains.length === 0 ? (
            <Alert severity="info">{t('settings.signIn.noProvider')}</Alert>
          ) : (
            <Box>
              <Button
                variant="contained"
                disabled={free.length === 0}
                onClick={() => setEditing('new')}
                aria-describedby={free.length === 0 ? 'sign-in-rules-all-ruled' : undefined}
              >
                {t('settings.signIn.new')}
              </Button>
              {free.length === 0 && (
                <Typography id="sign-in-rules-all-ruled" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {t('settings.signIn.allRuled')}
                </Typography>
              )}
            </Box>
          )}
          {rules.data.items.length === 0 && rules.data.externalDomains.length > 0 && (
            <Alert severity="info">{t('settings.signIn.none')}</Alert>
          )}
          <Box
            component="ul"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2 }}
            data-testid="settings-domain-rules"
          >
            {rules.data.items.map((r) => (
              <Card component="li" variant="outlined" key={r.domain}>
                <CardContent sx={{ display: 'grid', gap: 0.5 }}>
                  <Typography component="h3" variant="subtitle1" sx={{ overflowWrap: 'anywhere' }}>
                    @{r.domain}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('settings.signIn.summary', {
                      stocks: r.ownerIds.length,
                      models: r.models.length ? r.models.join(', ') : '—',
                      roles: r.roles.length ? r.roles.join(', ') : '—',
                    })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('settings.signIn.mappingSummary', {
                      claim: r.claimName,
                      mapping: r.claimRoles.length
                        ? r.claimRoles.map((m) => `${m.value} → ${m.roles.join(', ')}`).join(' · ')
                        : '—',
                    })}
                  </Typography>
                </CardContent>
                <CardActions>
                  <Button
                    size="small"
                    onClick={() => setEditing(r)}
                    aria-label={t('settings.signIn.editOf', { domain: r.domain })}
                  >
                    {t('settings.edit')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => setDeleting(r)}
                    aria-label={t('settings.signIn.deleteOf', { domain: r.domain })}
                  >
                    {t('settings.signIn.delete')}
                  </Button>
                </CardActions>
              </Card>
            ))}
          </Box>
          {editing && (
            <DomainRuleDialog
              groupId={groupId}
              rule={editing === 'new' ? null : editing}
              domains={editing === 'new' ? free : [editing.domain]}
              onClose={() => setEditing(null)}
            />
          )}
          <ConfirmDialog
            open={deleting !== null}
            title={t('settings.signIn.deleteTitle', { domain: deleting?.domain ?? '' })}
            text={t('settings.signIn.deleteText')}
            cancelLabel={t('settings.cancel')}
            confirmLabel={t('settings.signIn.delete')}
            busy={remove.isPending}
            onCancel={() => setDeleting(null)}
            onConfirm={() => deleting && remove.mutate(deleting.domain)}
          />
        </>
      )}
    </Box>
  );
}
