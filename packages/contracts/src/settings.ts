import { z } from 'zod';
import { CATALOGUE_LANGUAGES } from './catalogue';
import { CroppingType, Format } from './enums';
import { E164 } from './notifications';
import { ContactInformation } from './players';

/**
 * Settings (/settings, issue 29): what provider administrators and customer success manage for a dealer
 * group: the group itself, its stocks (owners), its stamps and its DMS.
 */

/** An image sent to the settings (a logo, an overlay, a background) as base64, at most 8 MB decoded. */
export const IMAGE_UPLOAD_MAX_BYTES = 8 * 1024 * 1024;
export const ImageUpload = z.object({
  /** Base64 of the file's bytes (a data URL's prefix is allowed). */
  data: z
    .string()
    .min(8)
    .max(Math.ceil((IMAGE_UPLOAD_MAX_BYTES * 4) / 3) + 64),
});
export type ImageUpload = z.infer<typeof ImageUpload>;

const Name = z.string().trim().min(1).max(120);
const Colour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'is not a colour (#rrggbb)');

// ---- dealer groups ----

export const SettingsGroup = z.object({
  id: z.string(),
  name: z.string(),
  active: z.boolean(),
  stockCount: z.number().int(),
  userCount: z.number().int(),
  stampCount: z.number().int(),
  createdAt: z.string(),
});
export type SettingsGroup = z.infer<typeof SettingsGroup>;
export const SettingsGroupsResponse = z.array(SettingsGroup);
export const GroupInput = z.object({ name: Name });
export type GroupInput = z.infer<typeof GroupInput>;
export const GroupParams = z.object({ groupId: z.string().min(1) });

// ---- stocks (owners) ----

export const CONTACT_LINES_MAX = 8;
export const StockInput = z.object({
  name: Name,
  label: z.string().trim().min(1).max(120),
  /** The lines of the public player's contact card. */
  contactInformation: z
    .array(
      z.object({
        title: z.string().trim().min(1).max(60),
        value: z.string().trim().min(1).max(200),
        /** The title in other languages; the player shows the reader's, else the French one, else `title`. */
        titles: z.partialRecord(z.enum(CATALOGUE_LANGUAGES), z.string().trim().min(1).max(60)).optional(),
      }),
    )
    .max(CONTACT_LINES_MAX),
  contactPhone: z.preprocess(
    (v) => (typeof v === 'string' ? v.replace(/\s+/g, '') || null : v),
    z.string().regex(E164, 'is not an international phone number').nullable(),
  ),
});
export type StockInput = z.infer<typeof StockInput>;

export const SettingsStock = z.object({
  id: z.string(),
  groupId: z.string(),
  name: z.string(),
  label: z.string(),
  contactInformation: z.array(ContactInformation),
  contactPhone: z.string().nullable(),
  /** Presigned links, null when none is set. */
  logoUrl: z.string().nullable(),
  plateCoverUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type SettingsStock = z.infer<typeof SettingsStock>;
export const SettingsStocksResponse = z.array(SettingsStock);
export const StockParams = z.object({ groupId: z.string().min(1), ownerId: z.string().min(1) });
export const STOCK_IMAGES = ['logo', 'plate-cover'] as const;
export const StockImageParams = StockParams.extend({ image: z.enum(STOCK_IMAGES) });

// ---- stamps ----

export const LOGO_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'] as const;
export const LogoPosition = z.enum(LOGO_POSITIONS);
export const BANNER_POSITIONS = ['top', 'bottom'] as const;
export const BannerPosition = z.enum(BANNER_POSITIONS);

/** A stamp composed from the group's logo (that of one of its stocks), a frame and a banner. */
export const StampDesign = z.object({
  frameColour: Colour,
  /** Thickness of the frame, per mille of the picture's height (0: no frame). */
  frameWidth: z.number().int().min(0).max(60),
  logo: z
    .object({
      /** The stock whose logo is drawn. */
      ownerId: z.string().min(1),
      position: LogoPosition,
      /** Height of the logo, percent of the picture's height. */
      size: z.number().int().min(5).max(40),
    })
    .nullable(),
  banner: z
    .object({
      text: z.string().trim().min(1).max(80),
      position: BannerPosition,
      colour: Colour,
      textColour: Colour,
    })
    .nullable(),
});
export type StampDesign = z.infer<typeof StampDesign>;

export const StampOverlaySource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('compose'), design: StampDesign }),
  /** A PNG with transparency, stretched to the format's size. */
  z.object({ kind: z.literal('upload'), image: ImageUpload }),
  /** Keep the current version's overlay (editing only the name or the cropping). */
  z.object({ kind: z.literal('keep') }),
]);
export type StampOverlaySource = z.infer<typeof StampOverlaySource>;

export const StampBackgroundSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('colour'), colour: Colour }),
  z.object({ kind: z.literal('upload'), image: ImageUpload }),
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('keep') }),
]);
export type StampBackgroundSource = z.infer<typeof StampBackgroundSource>;

export const StampCroppingInput = z.object({
  croppingType: CroppingType,
  blurringValue: z.number().int().min(0).max(100),
  background: StampBackgroundSource,
});

export const StampInput = z.object({
  name: Name,
  format: Format,
  overlay: StampOverlaySource,
  cropping: StampCroppingInput,
});
export type StampInput = z.infer<typeof StampInput>;

export const SettingsStamp = z.object({
  id: z.string(),
  name: z.string(),
  format: Format,
  width: z.number().int(),
  height: z.number().int(),
  version: z.number().int(),
  overlayUrl: z.string(),
  design: StampDesign.nullable(),
  cropping: z.object({
    croppingType: CroppingType,
    blurringValue: z.number().int(),
    backgroundUrl: z.string().nullable(),
  }),
  updatedAt: z.string(),
});
export type SettingsStamp = z.infer<typeof SettingsStamp>;
export const SettingsStampsResponse = z.array(SettingsStamp);
export const StampSettingsParams = z.object({ groupId: z.string().min(1), stampId: z.string().min(1) });

export const StampVersionSummary = z.object({
  version: z.number().int(),
  name: z.string(),
  overlayUrl: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export const StampVersionsResponse = z.array(StampVersionSummary);

/** A preview: an overlay (composed, uploaded or a saved stamp's) rendered on a picture by the stamping renderer. */
export const StampPreviewInput = z.object({
  format: Format,
  overlay: z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('compose'), design: StampDesign }),
    z.object({ kind: z.literal('upload'), image: ImageUpload }),
    z.object({ kind: z.literal('stamp'), stampId: z.string().min(1) }),
  ]),
  /** `sample` (a drawn car) or the id of one of the group's recent pictures. */
  picture: z.string().min(1),
});
export type StampPreviewInput = z.infer<typeof StampPreviewInput>;
export const StampPreview = z.object({ image: z.string(), width: z.number().int(), height: z.number().int() });
export type StampPreview = z.infer<typeof StampPreview>;

export const GroupPicture = z.object({ id: z.string(), thumbnailUrl: z.string(), registration: z.string() });
export const GroupPicturesResponse = z.array(GroupPicture);

// ---- DMS ----

export const DMS_SECRET_MIN = 16;
/** A group's DMS: the deployment's default (DMS_DRIVER), the export folder, or a webhook with its secret. */
export const DmsSettingsInput = z.discriminatedUnion('driver', [
  z.object({ driver: z.literal('default') }),
  z.object({ driver: z.literal('folder') }),
  z.object({
    driver: z.literal('webhook'),
    url: z.url({ protocol: /^https?$/ }).max(2000),
    /** Omitted to keep the secret already set for the same group. */
    secret: z.string().min(DMS_SECRET_MIN).max(200).optional(),
  }),
]);
export type DmsSettingsInput = z.infer<typeof DmsSettingsInput>;

export const DMS_DELIVERY_STATUSES = ['OK', 'FAILED'] as const;
export const DmsDelivery = z.object({
  id: z.string(),
  kind: z.enum(['push', 'test']),
  shootingId: z.string().nullable(),
  driver: z.enum(['folder', 'webhook']),
  target: z.string(),
  status: z.enum(DMS_DELIVERY_STATUSES),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  createdAt: z.string(),
});
export type DmsDelivery = z.infer<typeof DmsDelivery>;

export const GroupDms = z.object({
  /** `default` when the group follows the deployment's DMS_DRIVER. */
  driver: z.enum(['default', 'folder', 'webhook']),
  /** What the group's deliveries use now: its own driver or the default one. */
  effectiveDriver: z.enum(['folder', 'webhook']),
  target: z.string(),
  url: z.string().nullable(),
  hasSecret: z.boolean(),
  deliveries: z.array(DmsDelivery),
});
export type GroupDms = z.infer<typeof GroupDms>;

// ---- stocks imported from a CSV file ----

/** The largest stock import file, in characters, and its most lines. */
export const STOCK_IMPORT_MAX_CHARS = 1_000_000;
export const STOCK_IMPORT_MAX_LINES = 2_000;
/**
 * The columns of a stock import file (header line, any order): `name` (required), `id` (to update or rename
 * a stock of the group), `label`, `phone`, and `contact:<title>` for each line of the player's contact card
 * (at most CONTACT_LINES_MAX; a row's card becomes its non-empty cells, in the columns' order).
 */
export const STOCK_IMPORT_COLUMNS = ['id', 'name', 'label', 'phone'] as const;
export const STOCK_IMPORT_CONTACT_PREFIX = 'contact:';

/** `POST /api/settings/groups/{id}/stocks/import?dryRun=true|false`: the CSV file's text. */
export const StockImportBody = z.object({ csv: z.string().max(STOCK_IMPORT_MAX_CHARS) });
export const StockImportQuery = z.object({
  dryRun: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
});

/** Why a line of a stock import is refused; the portal translates each. */
export const STOCK_IMPORT_REASONS = [
  'required',
  'tooLong',
  'invalidPhone',
  'unknownStock',
  'duplicateStock',
  'ambiguousName',
  'unknownColumn',
  'missingColumn',
  'duplicateColumn',
  'tooManyContacts',
  'badQuotes',
  'empty',
  'tooManyLines',
] as const;
export const StockImportLineError = z.object({
  /** The file's line number, the header being line 1. */
  line: z.number().int(),
  field: z.string(),
  reason: z.enum(STOCK_IMPORT_REASONS),
  value: z.string().optional(),
});
export type StockImportLineError = z.infer<typeof StockImportLineError>;
export const StockImportLineChange = z.object({
  line: z.number().int(),
  name: z.string(),
  action: z.enum(['CREATE', 'UPDATE', 'UNCHANGED']),
  /** The fields that change, for an update: name, label, phone, contactInformation. */
  fields: z.array(z.string()),
});
export type StockImportLineChange = z.infer<typeof StockImportLineChange>;
export const StockImportResult = z.object({
  dryRun: z.boolean(),
  /** Whether the file was written: only when it was not a dry run and every line is valid. */
  applied: z.boolean(),
  changes: z.array(StockImportLineChange),
  errors: z.array(StockImportLineError),
});
export type StockImportResult = z.infer<typeof StockImportResult>;
