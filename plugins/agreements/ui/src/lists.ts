/**
 * The plugin's fixed values (plugins/agreements/README.md): the permission, the variables a
 * template takes, the signer's fields, in the order the screens offer them. Their Spanish names
 * are in the catalogue.
 */

/** The service and permission of every staff call (plugin.toml). */
export const PERMISSION = 'agreement';

/** What a placement prints (README "variables"), in the order the select offers them. */
export const VARIABLES = [
  'signature',
  'name',
  'document',
  'birthday',
  'address',
  'city',
  'province',
  'postal_code',
  'phone',
  'guardian_name',
  'guardian_document',
  'dgt_register_code',
  'date',
  'day',
  'month',
  'year',
  'business_name',
  'business_nif',
  'business_address',
] as const;
export type Variable = (typeof VARIABLES)[number];

/** The variable that is an image (`width`); every other one is text (`size`). */
export const SIGNATURE = 'signature';

/** A placement's fields: the host names them `variables[i].field`. */
export const PLACEMENT_FIELDS = ['variable', 'page', 'x', 'y', 'size', 'width'] as const;
export type PlacementField = (typeof PLACEMENT_FIELDS)[number];

/** The most placements an agreement takes (the host's limit). */
export const MAX_VARIABLES = 200;
/** Text size in points (the host's range and default). */
export const MIN_SIZE = 4;
export const MAX_SIZE = 72;
export const DEFAULT_SIZE = 10;
/** A signature's width, a fraction of the page (the host's default). */
export const DEFAULT_WIDTH = 0.25;

/** The signer's fields (README "signer"), in the order the signing page asks for them. */
export const SIGNER_FIELDS = ['name', 'document', 'birthday', 'address', 'city', 'province', 'postal_code', 'phone', 'guardian_name', 'guardian_document'] as const;
export type SignerField = (typeof SIGNER_FIELDS)[number];
/** Always asked on the signing page, whatever the template prints. */
export const ALWAYS_ASKED: readonly SignerField[] = ['name', 'document'];
/** The parent's or guardian's fields (required below `guardian_below` years). */
export const GUARDIAN_FIELDS: readonly SignerField[] = ['guardian_name', 'guardian_document'];

/** A request's status. */
export const REQUEST_STATUSES = ['requested', 'signed'] as const;

/** The configuration's limits (README "The configuration"). */
export const MIN_VALID_DAYS = 1;
export const MAX_VALID_DAYS = 365;
/** What the mail's body must carry: the signing page's address. */
export const URL_PLACEHOLDER = '{{ url }}';

/** Longest texts the host takes. */
export const MAX_NAME = 200;
export const MAX_DESCRIPTION = 5000;
export const MAX_SUBJECT = 300;
export const MAX_BODY = 10_000;
export const MAX_ADDRESS = 300;
export const MAX_DGT_CODE = 50;
