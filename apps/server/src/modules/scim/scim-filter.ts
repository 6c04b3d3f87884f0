import { scimBadRequest } from './scim-error';

/**
 * The filters this server answers (RFC 7644 section 3.4.2.2): one equality on the attribute that
 * identifies a resource, as Entra ID and Okta send before creating one (`userName eq "ada@example.com"`,
 * `displayName eq "manage-users"`). Anything else is a 400 invalidFilter, never a silently wider list.
 */
export function parseEqFilter(filter: string, attribute: string): string {
  const match = /^\s*([A-Za-z][\w.:-]*)\s+eq\s+"((?:[^"\\]|\\.)*)"\s*$/i.exec(filter);
  if (!match || match[1]!.toLowerCase() !== attribute.toLowerCase())
    throw scimBadRequest('invalidFilter', `Only the filter ${attribute} eq "value" is supported`);
  return match[2]!.replace(/\\(.)/g, '$1');
}
