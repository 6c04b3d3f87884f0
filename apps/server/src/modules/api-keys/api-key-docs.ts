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
  '`$BASE` is the portal’s address and `$KEY` the key. `GET /api/users/me` answers the id the key acts as (`$ME`) ' +
    'and its dealer group (`$GROUP`). Each block can be pasted into a POSIX shell as it is (`uuidgen` is lowercased: ' +
    'macOS prints it in capitals, which ids refuse).',
  curl('List the latest shootings (shootings:read)', [
    'curl -H "Authorization: Bearer $KEY"',
    '"$BASE/api/shootings?limit=20&offset=0&shootingTypes=STANDARD"',
  ]),
  curl(
    'Create a shooting (shootings:write), 1: a product for a registration in a stock ($OWNER from GET /api/external/legacy/users/$ME/owners); it answers {"id": $PRODUCT}',
    [
      'curl -H "Authorization: Bearer $KEY" -H "content-type: application/json"',
      '-d "{\\"vin\\":\\"Virtual_$(uuidgen | tr A-Z a-z)\\",\\"ownerId\\":\\"$OWNER\\",\\"registration\\":\\"AB-123-CD\\",\\"workflows\\":[\\"PHOTO\\"]}"',
      '"$BASE/api/products/virtuals"',
    ],
  ),
  curl(
    '2: an upload URL per picture (a fresh UUID each); it answers images[]: presignedUrl, where the picture goes ($UPLOAD, with $BASE before it when it starts with /), and url ($URL)',
    [
      'curl -H "Authorization: Bearer $KEY" -H "content-type: application/json"',
      '-d "{\\"images\\":[{\\"id\\":\\"$(uuidgen | tr A-Z a-z)\\",\\"contentType\\":\\"image/jpeg\\"}]}"',
      '"$BASE/api/products/$PRODUCT/shootings/generate_presigned_urls"',
    ],
  ),
  curl('3: the picture file itself, to its upload URL (no key: the URL is signed)', [
    'curl -X PUT -H "content-type: image/jpeg" --data-binary @car.jpg "$UPLOAD"',
  ]),
  curl(
    '4: register the uploaded pictures ($STAMP and its $FORMAT from GET /api/users/$ME/stamps), then mark the photos done; the first answers {"id": $SHOOTING}',
    [
      'curl -H "Authorization: Bearer $KEY" -H "content-type: application/json"',
      '-d "{\\"userId\\":\\"$ME\\",\\"shootingType\\":\\"standard\\",\\"images\\":[{\\"url\\":\\"$URL\\",\\"order\\":0,\\"imageType\\":\\"ORIGINAL\\",\\"format\\":\\"$FORMAT\\",\\"stampId\\":\\"$STAMP\\"}]}"',
      '"$BASE/api/owners/$OWNER/products/$PRODUCT/shootings"',
      '&& curl -H "Authorization: Bearer $KEY" -H "content-type: application/json" -d "{}"',
      '"$BASE/api/products/$PRODUCT/workflows/PHOTO/done"',
    ],
  ),
  curl('Read the shared players’ views and meetings (engagement:read)', [
    'curl -H "Authorization: Bearer $KEY"',
    '"$BASE/api/users/$ME/statistics?from=2026-01-01&to=2026-01-31"',
  ]),
  curl(
    'Fetch a shooting’s pictures for a marketplace (shootings:read): its readiness per profile (items[]: profileId, ready, problems), then the zip of $PROFILE (named and ordered) or its CSV or XML feed (format=csv, format=xml)',
    [
      'curl -H "Authorization: Bearer $KEY" "$BASE/api/shootings/$SHOOTING/marketplaces"',
      '&& curl -H "Authorization: Bearer $KEY" -o pictures.zip "$BASE/api/shootings/$SHOOTING/marketplaces/$PROFILE/export?format=zip"',
    ],
  ),
  curl('Add a webhook endpoint (webhooks:manage); the answer holds its secret (whsec_…), shown once', [
    'curl -H "Authorization: Bearer $KEY" -H "content-type: application/json"',
    '-d \'{"url":"https://crm.example.com/forecourt","eventTypes":["shooting.created","shooting.finished"]}\'',
    '"$BASE/api/settings/groups/$GROUP/webhooks"',
  ]),
].join('\n\n');
