import type { kitFiles as zh } from '../zh/kit-files';

export const kitFiles: typeof zh = {
  upload: 'Upload files',
  uploadSingle: 'Upload a file',
  tip: 'Please upload files of at most {{n}} MB in the format {{types}}',
  list: 'Attachments',
  empty: 'No files',
  uploading: 'Uploading {{percent}}%',
  failed: 'Upload failed',
  download: 'Download',
  delete: 'Delete',
  remove: 'Remove',
  confirmTitle: 'Confirm',
  confirmDelete: 'Delete this file?',
  confirm: 'OK',
  cancel: 'Cancel',
  deleted: 'Deleted',
  deleteFailed: 'The file could not be deleted; please retry',
  downloadFailed: 'The file could not be downloaded!',
  uploadFailed: 'upload error, please retry',
  uploadFailedWith: 'upload error, please retry: {{reason}}',
  errors: {
    format: 'Wrong file format, please upload a {{types}} file!',
    size: 'The file must be smaller than {{n}} MB!',
    duplicate: 'This file has already been uploaded!',
    count: 'At most {{limit}} files can be uploaded',
  },
};
