import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Typography from '@mui/material/Typography';
import { MODEL_TYPES, USER_OPTION_NAMES } from '@forecourt/contracts/enums';
import {
  MANAGE_USERS_ROLE,
  VEHICLE_IDENTIFICATION_METHODS,
  type BoardUserOptions,
} from '@forecourt/contracts/user-board';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/*
 * The rights an account holds (roles, models, options), as the user board's dialog gives them to one account
 * and a domain's sign-in rule gives them to every first sign-in of that domain.
 */

type Switch = Exclude<(typeof USER_OPTION_NAMES)[number], 'vehicleIdentificationMethods'>;
const SWITCHES = USER_OPTION_NAMES.filter((n): n is Switch => n !== 'vehicleIdentificationMethods');

/** The rights the person filling the form holds; absent, every right may be given. */
export interface HeldRights {
  roles: string[];
  models: string[];
  options: BoardUserOptions;
}

/** The list with the value added (on) or removed. */
export const toggle = <T,>(list: readonly T[], value: T, on: boolean): T[] =>
  on ? [...new Set([...list, value])] : list.filter((v) => v !== value);

/** One right as a checkbox. A right not held can be taken away but not given, and its help says so. */
export function RightCheckbox(props: {
  label: string;
  checked: boolean;
  held?: boolean;
  onChange: (on: boolean) => void;
  help?: string;
}) {
  const { t } = useTranslation();
  const helpId = useId();
  const held = props.held ?? true;
  return (
    <Box>
      <FormControlLabel
        control={
          <Checkbox
            checked={props.checked}
            disabled={!held && !props.checked}
            onChange={(e) => props.onChange(e.target.checked)}
            slotProps={{ input: { 'aria-describedby': props.help ? helpId : undefined } as object }}
          />
        }
        label={props.label}
      />
      {props.help && (
        <FormHelperText id={helpId} sx={{ mt: -0.5, ml: 4 }}>
          {props.help}
          {!held && !props.checked ? ` ${t('users.notHeld')}` : ''}
        </FormHelperText>
      )}
    </Box>
  );
}

export function RolesFieldset(props: {
  /** The roles offered. */
  roles: string[];
  value: string[];
  held?: HeldRights;
  onChange: (roles: string[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{t('users.rolesTitle')}</FormLabel>
      <FormGroup>
        {props.roles.map((r) => (
          <RightCheckbox
            key={r}
            label={r}
            // A role is a name the identity provider's claims may give too; the portal's own says what it opens.
            help={r === MANAGE_USERS_ROLE ? t('adminMessages.roleHelp.manage-users') : undefined}
            checked={props.value.includes(r)}
            held={props.held?.roles.includes(r)}
            onChange={(on) => props.onChange(toggle(props.value, r, on))}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

export function ModelsFieldset(props: { value: string[]; held?: HeldRights; onChange: (models: string[]) => void }) {
  const { t } = useTranslation();
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{t('users.models')}</FormLabel>
      <FormGroup>
        {MODEL_TYPES.map((m) => (
          <RightCheckbox
            key={m}
            label={t(`users.model.${m}`)}
            checked={props.value.includes(m)}
            held={props.held?.models.includes(m)}
            onChange={(on) => props.onChange(toggle(props.value, m, on))}
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}

/** The stocks given; `help` is said under the title, `none` instead of the boxes when there is no stock at all. */
export function StocksFieldset(props: {
  stocks: readonly { id: string; name: string }[] | undefined;
  value: string[];
  onChange: (ownerIds: string[]) => void;
  help?: string;
  none?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{t('users.stocks')}</FormLabel>
      {props.help && <FormHelperText sx={{ mx: 0 }}>{props.help}</FormHelperText>}
      <FormGroup>
        {props.stocks?.map((s) => (
          <RightCheckbox
            key={s.id}
            label={s.name}
            checked={props.value.includes(s.id)}
            onChange={(on) => props.onChange(toggle(props.value, s.id, on))}
          />
        ))}
      </FormGroup>
      {props.none && props.stocks?.length === 0 && <FormHelperText>{props.none}</FormHelperText>}
    </FormControl>
  );
}

/** The options that are switches, then the ways a vehicle may be identified. */
export function OptionsFieldset(props: {
  value: BoardUserOptions;
  held?: HeldRights;
  onChange: (options: BoardUserOptions) => void;
}) {
  const { t } = useTranslation();
  const methods = props.value.vehicleIdentificationMethods ?? [];
  const heldMethods = props.held?.options.vehicleIdentificationMethods;
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">{t('users.options')}</FormLabel>
      <FormGroup>
        {SWITCHES.map((o) => (
          <RightCheckbox
            key={o}
            label={t(`users.option.${o}.name`)}
            checked={props.value[o] === true}
            held={props.held && props.held.options[o] === true}
            onChange={(on) => props.onChange({ ...props.value, [o]: on })}
            help={t(`users.option.${o}.help`)}
          />
        ))}
        <Typography sx={{ mt: 1 }}>{t('users.option.vehicleIdentificationMethods.name')}</Typography>
        <FormHelperText sx={{ mt: 0 }}>{t('users.option.vehicleIdentificationMethods.help')}</FormHelperText>
        {VEHICLE_IDENTIFICATION_METHODS.map((m) => (
          <RightCheckbox
            key={m}
            label={t(`users.method.${m}`)}
            checked={methods.includes(m)}
            held={props.held && (heldMethods ?? []).includes(m)}
            onChange={(on) =>
              props.onChange({
                ...props.value,
                vehicleIdentificationMethods: VEHICLE_IDENTIFICATION_METHODS.filter((v) =>
                  v === m ? on : methods.includes(v),
                ),
              })
            }
          />
        ))}
      </FormGroup>
    </FormControl>
  );
}
