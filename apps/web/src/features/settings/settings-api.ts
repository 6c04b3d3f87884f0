import {
  DmsDelivery,
  GroupDms,
  GroupPicturesResponse,
  SettingsGroup,
  SettingsGroupsResponse,
  SettingsStamp,
  SettingsStampsResponse,
  SettingsStock,
  SettingsStocksResponse,
  StampPreview,
  StockImportResult,
  type DmsSettingsInput,
  type GroupInput,
  type ImageUpload,
  type StampInput,
  type StampPreviewInput,
  type StockInput,
} from '@forecourt/contracts/settings';
import { ApiError, request } from '../../api/http';

const groups = '/api/settings/groups';
const group = (id: string) => `${groups}/${encodeURIComponent(id)}`;
// Images travel as base64: a large one takes longer than the usual call.
const UPLOAD_TIMEOUT_MS = 120_000;

export const fetchGroups = () => request(groups, { schema: SettingsGroupsResponse });
export const createGroup = (body: GroupInput) => request(groups, { method: 'POST', body, schema: SettingsGroup });
export const renameGroup = (id: string, body: GroupInput) =>
  request(group(id), { method: 'PUT', body, schema: SettingsGroup });
export const setGroupActive = (id: string, active: boolean) =>
  request(`${group(id)}/${active ? 'reactivate' : 'deactivate'}`, { method: 'POST', schema: SettingsGroup });

export const fetchStocks = (groupId: string) => request(`${group(groupId)}/stocks`, { schema: SettingsStocksResponse });
export const createStock = (groupId: string, body: StockInput) =>
  request(`${group(groupId)}/stocks`, { method: 'POST', body, schema: SettingsStock });
export const updateStock = (groupId: string, ownerId: string, body: StockInput) =>
  request(`${group(groupId)}/stocks/${encodeURIComponent(ownerId)}`, { method: 'PUT', body, schema: SettingsStock });
export const uploadStockImage = (groupId: string, ownerId: string, image: 'logo' | 'plate-cover', body: ImageUpload) =>
  request(`${group(groupId)}/stocks/${encodeURIComponent(ownerId)}/${image}`, {
    method: 'PUT',
    body,
    schema: SettingsStock,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });

export const importStocks = (groupId: string, csv: string, dryRun: boolean) =>
  request(`${group(groupId)}/stocks/import`, {
    method: 'POST',
    query: { dryRun },
    body: { csv },
    schema: StockImportResult,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });

export const fetchStamps = (groupId: string) => request(`${group(groupId)}/stamps`, { schema: SettingsStampsResponse });
export const saveStamp = (groupId: string, stampId: string | null, body: StampInput) =>
  request(stampId ? `${group(groupId)}/stamps/${encodeURIComponent(stampId)}` : `${group(groupId)}/stamps`, {
    method: stampId ? 'PUT' : 'POST',
    body,
    schema: SettingsStamp,
    timeoutMs: UPLOAD_TIMEOUT_MS,
  });
export const previewStamp = (groupId: string, body: StampPreviewInput, signal?: AbortSignal) =>
  request(`${group(groupId)}/stamp-preview`, {
    method: 'POST',
    body,
    schema: StampPreview,
    timeoutMs: UPLOAD_TIMEOUT_MS,
    ...(signal ? { signal } : {}),
  });
export const fetchGroupPictures = (groupId: string) =>
  request(`${group(groupId)}/pictures`, { schema: GroupPicturesResponse });

/** The file's bytes as base64, as the settings routes take images. */
export function fileToUpload(file: File): Promise<ImageUpload> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ data: String(reader.result) });
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

const FIELD_ERRORS = ['image', 'overlay', 'logo', 'format', 'version', 'url', 'secret'];

/** The translated message of a failed settings call: what was wrong when the server says, else the common one. */
export function settingsErrorKey(err: unknown): string {
  if (!(err instanceof ApiError)) return 'api.commonError';
  if ((err.details as { reason?: unknown } | undefined)?.reason === 'GROUP_NAME_TAKEN')
    return 'adminMessages.groupNameTaken';
  const field = (err.details as { field?: unknown } | undefined)?.field;
  if (err.code === 'VALIDATION_ERROR' && typeof field === 'string' && FIELD_ERRORS.includes(field)) {
    return `settings.errors.${field}`;
  }
  if (err.code === 'VALIDATION_ERROR') return 'settings.errors.invalid';
  if (err.status === 413) return 'settings.errors.tooLarge';
  if (err.code === 'FORBIDDEN') return 'settings.errors.forbidden';
  if (err.code === 'NOT_FOUND') return 'settings.errors.notFound';
  return 'api.commonError';
}

export const fetchGroupDms = (groupId: string) => request(`${group(groupId)}/dms`, { schema: GroupDms });
export const saveGroupDms = (groupId: string, body: DmsSettingsInput) =>
  request(`${group(groupId)}/dms`, { method: 'PUT', body, schema: GroupDms });
export const testGroupDms = (groupId: string) =>
  request(`${group(groupId)}/dms/test`, { method: 'POST', schema: DmsDelivery });
