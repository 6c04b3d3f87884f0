import { SCIM_GROUP_SCHEMA, SCIM_LIST_SCHEMA, SCIM_USER_SCHEMA } from '@forecourt/contracts';
import { SCIM_MAX_RESULTS } from './scim.service';

/** The discovery endpoints of RFC 7644 section 4: what this server supports, for a provider to read. */
export const serviceProviderConfig = (base: string) => ({
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
  documentationUri: `${base.replace(/\/scim\/v2$/, '')}/`,
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: SCIM_MAX_RESULTS },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [
    {
      type: 'oauthbearertoken',
      name: 'Bearer token',
      description: 'A token of the dealer group, created by a provider administrator in the settings or the admin CLI',
      primary: true,
    },
  ],
  meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
});

const attr = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'string',
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

const USER_SCHEMA = {
  id: SCIM_USER_SCHEMA,
  name: 'User',
  description: 'An account of the dealer group',
  attributes: [
    attr('userName', { required: true, uniqueness: 'server', mutability: 'immutable', description: 'The e-mail' }),
    attr('name', {
      type: 'complex',
      subAttributes: [attr('givenName'), attr('familyName'), attr('formatted', { mutability: 'readOnly' })],
    }),
    attr('displayName', { mutability: 'readOnly' }),
    attr('active', { type: 'boolean' }),
    attr('emails', {
      type: 'complex',
      multiValued: true,
      mutability: 'immutable',
      subAttributes: [attr('value'), attr('type'), attr('primary', { type: 'boolean' })],
    }),
    attr('groups', {
      type: 'complex',
      multiValued: true,
      mutability: 'readOnly',
      subAttributes: [attr('value'), attr('display'), attr('$ref', { type: 'reference' })],
    }),
  ],
};

const GROUP_SCHEMA = {
  id: SCIM_GROUP_SCHEMA,
  name: 'Group',
  description: 'A role of the dealer group (membership gives the role); the set of Groups is fixed',
  attributes: [
    attr('displayName', { required: true, uniqueness: 'server', mutability: 'immutable' }),
    attr('members', {
      type: 'complex',
      multiValued: true,
      subAttributes: [attr('value', { mutability: 'immutable' }), attr('display', { mutability: 'readOnly' })],
    }),
  ],
};

const withMeta = (base: string, schema: { id: string }) => ({
  ...schema,
  meta: { resourceType: 'Schema', location: `${base}/Schemas/${schema.id}` },
});

export const schemas = (base: string) => [withMeta(base, USER_SCHEMA), withMeta(base, GROUP_SCHEMA)];

export const resourceTypes = (base: string) => [
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'User',
    name: 'User',
    endpoint: '/Users',
    schema: SCIM_USER_SCHEMA,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
  },
  {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: 'Group',
    name: 'Group',
    endpoint: '/Groups',
    schema: SCIM_GROUP_SCHEMA,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
  },
];

export const listOf = <T>(items: T[]) => ({
  schemas: [SCIM_LIST_SCHEMA],
  totalResults: items.length,
  startIndex: 1,
  itemsPerPage: items.length,
  Resources: items,
});
