/** Refusals of a record's file list (server/files/owner-access.ts). */
export const fileOwner = {
  notFound: 'The record the files belong to does not exist or is not visible to you',
  readOnly: 'You may not edit this record, so you may not add or remove its files',
  forgedAttachment: 'only files uploaded to the portal can be attached',
};
