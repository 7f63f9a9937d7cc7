/**
 * Version 12 (the move to a new database name): what this release adopted from the earlier releases' database, by
 * the earlier row's key, so an adoption interrupted between its two steps (written here, deleted there) never
 * adopts a change twice (`adopt-earlier-rows.ts`); indexed by user scope so a sign-out takes them with the user.
 * Only new tables are listed.
 */
export const version12Stores = {
  adoptedRows: 'id, userScope',
} as const;
