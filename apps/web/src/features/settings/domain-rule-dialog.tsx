import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import type { DomainRule, DomainRuleInput } from '@forecourt/contracts/federation';
import { MANAGE_USERS_ROLE } from '@forecourt/contracts/user-board';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog';
import { ModelsFieldset, OptionsFieldset, RolesFieldset, StocksFieldset } from '../../components/rights-fields';
import { useSnackbar } from '../../components/snackbar';
import { domainRuleErrorKey, federationKeys, saveDomainRule } from './federation-api';
import { fetchStocks } from './settings-api';
import { settingsKeys } from './settings-keys';
import { EditableLine } from './editable-line';

/** The roles the product defines; a rule may keep others a manager typed on the board. */
const KNOWN_ROLES = [MANAGE_USERS_ROLE];

/** Creates (rule null) or edits a domain's sign-in rule: the rights of a first sign-in and the claim mapping. */
export function DomainRuleDialog(props: {
  groupId: string;
  rule: DomainRule | null;
  /** The domains the rule may name: the free external ones when new, its own when edited. */
  domains: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const snackbar = useSnackbar();
  const queryClient = useQueryClient();
  const stocks = useQuery({ queryKey: settingsKeys.stocks(props.groupId), queryFn: () => fetchStocks(props.groupId) });
  const [form, setForm] = useState<DomainRuleInput>(
    props.rule ?? {
      domain: props.domains[0] ?? '',
      roles: [],
      models: [],
      options: {},
      ownerIds: [],
      claimName: 'groups',
      claimRoles: [],
    },
  );
  const [touched, setTouched] = useState(false);
  const set = <K extends keyof DomainRuleInput>(key: K, value: DomainRuleInput[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const save = useMutation({
    mutationFn: () => saveDomainRule(props.groupId, props.rule?.domain ?? null, form),
    onSuccess: async () => {
      snackbar.show('settings.signIn.saved', 'success');
      await queryClient.invalidateQueries({ queryKey: federationKeys.rules(props.groupId) });
      props.onClose();
    },
  });
  const roles = [...new Set([...KNOWN_ROLES, ...form.roles, ...form.claimRoles.flatMap((m) => m.roles)])];
  const claimOk = /^[A-Za-z0-9_:./-]{1,100}$/.test(form.claimName.trim());
  const linesOk = form.claimRoles.every((m) => m.value.trim() && m.roles.length);
  const submit = () => {
    setTouched(true);
    if (!form.domain || !claimOk || !linesOk) return;
    save.mutate();
  };
  return (
    <FormDialog
      formId={formId}
      title={props.rule ? t('settings.signIn.editTitle', { domain: props.rule.domain }) : t('settings.signIn.newTitle')}
      busy={save.isPending}
      onClose={props.onClose}
      onSubmit={submit}
      actions={
        <>
          <Button onClick={props.onClose} disabled={save.isPending}>
            {t('settings.cancel')}
          </Button>
          <Button type="submit" form={formId} variant="contained" loading={save.isPending}>
            {t('settings.save')}
          </Button>
        </>
      }
    >
      {save.isError && <Alert severity="error">{t(domainRuleErrorKey(save.error))}</Alert>}
      <TextField
        select
        label={t('settings.signIn.domain')}
        value={form.domain}
        disabled={Boolean(props.rule)}
        onChange={(e) => set('domain', e.target.value)}
        helperText={t('settings.signIn.domainHelp')}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'rule-domain' } as object } }}
      >
        {props.domains.map((d) => (
          <MenuItem key={d} value={d}>
            {d}
          </MenuItem>
        ))}
      </TextField>

      <StocksFieldset
        stocks={stocks.data}
        value={form.ownerIds}
        onChange={(v) => set('ownerIds', v)}
        none={t('settings.stocks.none')}
      />

      <RolesFieldset roles={roles} value={form.roles} onChange={(v) => set('roles', v)} />
      {/* The boxes offer the known model types only. */}
      <ModelsFieldset value={form.models} onChange={(v) => set('models', v as DomainRuleInput['models'])} />
      <OptionsFieldset value={form.options} onChange={(v) => set('options', v)} />

      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
        <FormLabel component="legend" sx={{ mb: 1 }}>
          {t('settings.signIn.mapping')}
        </FormLabel>
        <FormHelperText sx={{ mt: -1, mx: 0 }}>{t('settings.signIn.mappingHelp')}</FormHelperText>
        <TextField
          label={t('settings.signIn.claimName')}
          value={form.claimName}
          onChange={(e) => set('claimName', e.target.value)}
          error={touched && !claimOk}
          helperText={touched && !claimOk ? t('settings.signIn.errors.claimName') : undefined}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'rule-claim-name' } }}
        />
        {form.claimRoles.map((line, i) => (
          <EditableLine key={i} columns="2fr 1fr auto">
            <TextField
              label={t('settings.signIn.claimValue', { n: i + 1 })}
              value={line.value}
              onChange={(e) =>
                set(
                  'claimRoles',
                  form.claimRoles.map((m, j) => (j === i ? { ...m, value: e.target.value } : m)),
                )
              }
              error={touched && !line.value.trim()}
              helperText={touched && !line.value.trim() ? t('settings.errors.required') : undefined}
              slotProps={{ htmlInput: { maxLength: 256, 'data-testid': `rule-claim-value-${i}` } }}
            />
            <TextField
              select
              label={t('settings.signIn.claimRole', { n: i + 1 })}
              value={line.roles[0] ?? ''}
              onChange={(e) =>
                set(
                  'claimRoles',
                  form.claimRoles.map((m, j) => (j === i ? { ...m, roles: [e.target.value] } : m)),
                )
              }
              error={touched && !line.roles.length}
              sx={{ gridRow: { xs: 2, sm: 'auto' } }}
            >
              {roles.map((r) => (
                <MenuItem key={r} value={r}>
                  {r}
                </MenuItem>
              ))}
            </TextField>
            <IconButton
              aria-label={t('settings.signIn.removeLine', { n: i + 1 })}
              onClick={() =>
                set(
                  'claimRoles',
                  form.claimRoles.filter((_, j) => j !== i),
                )
              }
              sx={{ mt: 1 }}
            >
              <DeleteOutline />
            </IconButton>
          </EditableLine>
        ))}
        <Box>
          <Button
            onClick={() => set('claimRoles', [...form.claimRoles, { value: '', roles: [MANAGE_USERS_ROLE] }])}
            disabled={form.claimRoles.length >= 100}
          >
            {t('settings.signIn.addLine')}
          </Button>
        </Box>
      </Box>
    </FormDialog>
  );
}
