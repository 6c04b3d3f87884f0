import { API_KEY_SCOPES } from '@forecourt/contracts';
import { routesOfScope } from './api-key-scopes';

/** How a dealer group's systems authenticate, for the OpenAPI document's components. */
export const API_KEY_SECURITY_SCHEME = {
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'fck_…',
    description:
      'A dealer group’s API key, created by the group’s managers in Integrations → API keys (or by the provider in ' +
      'Settings → API keys) and shown once: `Authorization: Bearer fck_…`.',
  },
} as const;

const curl = (title: string, lines: string[]): string =>
  [`#### ${title}`, '```sh', lines.join(' \\\n  '), '```'].join('\n');

/** The OpenAPI document's description: the key scheme, the routes of each scope and a worked example per task. */
export const API_KEY_GUIDE = [
  '## API keys',
  'A dealer group’s systems (DMS, CRM, website) call the same `/api` routes as the portal with a key of the group ' +
    '(`Authorization: Bearer fck_…`, no `x-api-key` header), within the key’s scopes and stocks. A route outside ' +
    'the key’s scopes answers 403; an unknown, revoked or expired key 401; too many calls a minute 429 with ' +
    '`Retry-After`. Every call is recorded in the group’s audit log.',
  ...API_KEY_SCOPES.map(
    (s) =>
      `- **${s}**: ${routesOfScope(s)
        .map((r) => `\`${r}\``)
        .join(', ')}`,
  ),
  '- every scope: `GET /api/users/me` (the account id the `/api/users/{userId}/…` routes take)',
  '### Examples',
  '`$BASE` is the portal’s address, `$KEY` the key; `GET /api/users/me` answers `$ME`, the id the key acts as.',
  curl('List the latest shootings (shootings:read)', [
    'curl -H "Authorization: Bearer $KEY"',
    '"$BASE/api/shootings?limit=20&offset=0&shootingTypes=PHOTO"',
  ]),
  curl(
    'Create a shooting (shootings:write), 1: a product for a registration in a stock ($OWNER from GET /api/external/legacy/users/$ME/owners)',
    [
      'curl -H "Authorization: Bearer $KEY" -H "content-type: application/json"',
      '-d "{\\"vin\\":\\"Virtual_$(uuidgen)\\",\\"ownerId\\":\\"$OWNER\\",\\"registration\\":\\"AB-123-CD\\",\\"workflows\\":[\\"PHOTO\\"]}"',
      '"$BASE/api/products/virtuals"   # answers {"id": PRODUCT}',
    ],
  ),
  curl('2: an upload URL per picture (a fresh UUID each), then PUT the file to its presignedUrl', [
    'curl -H "Authorization: Bearer $KEY" -H "content-type: application/json"',
    '-d "{\\"images\\":[{\\"id\\":\\"$(uuidgen)\\",\\"contentType\\":\\"image/jpeg\\"}]}"',
    '"$BASE/api/products/$PRODUCT/shootings/generate_presigned_urls"',
  ]),
  curl(
    '3: register the uploaded pictures (url from step 2, stampId from GET /api/users/$ME/stamps), then mark it done',
    [
      'curl -H "Authorization: Bearer $KEY" -H "content-type: application/json"',
      '-d "{\\"userId\\":\\"$ME\\",\\"shootingType\\":\\"standard\\",\\"images\\":[{\\"url\\":\\"$URL\\",\\"order\\":0,\\"imageType\\":\\"ORIGINAL\\",\\"format\\":\\"$FORMAT\\",\\"stampId\\":\\"$STAMP\\"}]}"',
      '"$BASE/api/owners/$OWNER/products/$PRODUCT/shootings"',
      '&& curl -X POST -H "Authorization: Bearer $KEY" "$BASE/api/products/$PRODUCT/workflows/PHOTO/done"',
    ],
  ),
  curl('Read the shared players’ views and meetings (engagement:read)', [
    'curl -H "Authorization: Bearer $KEY"',
    '"$BASE/api/users/$ME/statistics?from=2026-01-01&to=2026-01-31"',
  ]),
  curl(
    'Fetch a shooting’s pictures for a marketplace (shootings:read): its readiness per profile, then the zip (named and ordered) or the CSV feed',
    [
      'curl -H "Authorization: Bearer $KEY" "$BASE/api/shootings/$SHOOTING/marketplaces"   # items[]: profileId, ready, problems',
      '&& curl -H "Authorization: Bearer $KEY" -o pictures.zip "$BASE/api/shootings/$SHOOTING/marketplaces/$PROFILE/export?format=zip"',
    ],
  ),
  curl('Add a webhook endpoint (webhooks:manage); the answer holds its secret (whsec_…), shown once', [
    'curl -H "Authorization: Bearer $KEY" -H "content-type: application/json"',
    '-d \'{"url":"https://crm.example.com/forecourt","eventTypes":["shooting.created","shooting.finished"]}\'',
    '"$BASE/api/settings/groups/$GROUP/webhooks"',
  ]),
].join('\n\n');
