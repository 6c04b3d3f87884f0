import { ScimBoolean, type ScimPatchOperation } from '@forecourt/contracts';
import { scimBadRequest } from './scim-error';

/** What a SCIM User of ours holds that a provider may change. */
export interface ScimUserState {
  userName: string;
  givenName: string;
  familyName: string;
  active: boolean;
}

const text = (path: string, v: unknown): string => {
  if (typeof v !== 'string' || !v.trim()) throw scimBadRequest('invalidValue', `${path} needs a non-empty string`);
  return v.trim();
};

function bool(path: string, v: unknown): boolean {
  const parsed = ScimBoolean.safeParse(v);
  if (!parsed.success) throw scimBadRequest('invalidValue', `${path} needs a boolean`);
  return parsed.data;
}

/** Attributes a provider sends that an account does not keep: accepted and dropped, as on creation. */
const IGNORED =
  /^(externalId|displayName|nickName|title|userType|preferredLanguage|locale|timezone|phoneNumbers|addresses|profileUrl|urn:ietf:params:scim:schemas:extension:)/i;
const WORK_EMAIL = /^emails(\[(type eq "work"|primary eq true)\])?(\.value)?$/i;

/** Sets one attribute, by its path (case-insensitive, as RFC 7643 section 2.1 says attribute names are). */
function set(state: ScimUserState, path: string, value: unknown): void {
  const p = path.toLowerCase();
  if (p === 'active') state.active = bool(path, value);
  else if (p === 'username') setUserName(state, text(path, value));
  else if (p === 'name.givenname') state.givenName = text(path, value);
  else if (p === 'name.familyname') state.familyName = text(path, value);
  else if (p === 'name') {
    if (!value || typeof value !== 'object') throw scimBadRequest('invalidValue', 'name needs an object');
    for (const [k, v] of Object.entries(value)) if (/^(givenName|familyName)$/i.test(k)) set(state, `name.${k}`, v);
  } else if (WORK_EMAIL.test(path)) {
    const email = Array.isArray(value)
      ? (value.find((e: { primary?: unknown }) => e?.primary === true || e?.primary === 'True') ?? value[0])?.value
      : value && typeof value === 'object'
        ? (value as { value?: unknown }).value
        : value;
    if (typeof email === 'string' && email.trim().toLowerCase() !== state.userName.toLowerCase())
      throw scimBadRequest('mutability', 'The e-mail names the account and equals its userName; it cannot change');
  } else if (!IGNORED.test(path)) throw scimBadRequest('invalidPath', `Unknown attribute ${path}`);
}

function setUserName(state: ScimUserState, userName: string): void {
  if (userName.toLowerCase() !== state.userName.toLowerCase())
    throw scimBadRequest('mutability', 'userName is the account’s e-mail, which names it; it cannot change');
}

/**
 * Applies a PatchOp's operations to a user, in order (RFC 7644 section 3.5.2), or throws the first
 * refusal: nothing is written unless every operation applies. `add` and `replace` are the same on
 * single-valued attributes; an operation without a path carries an object of attributes, as Okta sends.
 */
export function applyUserPatch(before: ScimUserState, operations: ScimPatchOperation[]): ScimUserState {
  const state = { ...before };
  for (const op of operations) {
    if (op.op === 'remove') {
      if (!op.path) throw scimBadRequest('noTarget', 'remove needs a path');
      if (!IGNORED.test(op.path))
        throw scimBadRequest('mutability', `${op.path} is required on an account and cannot be removed`);
      continue;
    }
    if (op.path) set(state, op.path, op.value);
    else if (op.value && typeof op.value === 'object' && !Array.isArray(op.value))
      for (const [path, value] of Object.entries(op.value)) set(state, path, value);
    else throw scimBadRequest('invalidSyntax', `${op.op} without a path needs an object of attributes`);
  }
  return state;
}
