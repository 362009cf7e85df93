import { fromCallback, fromPromise } from 'xstate';
import { deleteFile, downloadLink, sendFile, UploadFailed } from '../../services/upload.service';
import { uploadMachine } from './upload.machine';
import type { SendFileInput, UploadEvent } from './upload.types';

/**
 * The upload control with its real side effects: XHR uploads that report progress, the delete call
 * and the presigned download link. Stopping the sending actor (the control closes) aborts the upload.
 */
export const uploadLogic = uploadMachine.provide({
  actors: {
    sendFile: fromCallback<UploadEvent, SendFileInput>(({ input, sendBack }) => {
      const { source, owner, rules, action } = input;
      if (!(source instanceof File)) {
        sendBack({ type: 'upload.fail' });
        return () => {};
      }
      const handle = sendFile(
        source,
        {
          ...owner,
          accept: rules.accept?.length ? rules.accept.join(',') : undefined,
          maxSizeMb: rules.maxSizeMb,
        },
        { action, onProgress: (percent) => sendBack({ type: 'upload.progress', percent }) },
      );
      handle.done.then(
        (file) => sendBack({ type: 'upload.done', objectId: file.ObjectID, fileUrl: file.FileURL }),
        (error) =>
          sendBack({ type: 'upload.fail', reason: error instanceof UploadFailed ? error.reason : undefined }),
      );
      return () => handle.abort();
    }),
    deleteFile: fromPromise<void, string>(({ input }) => deleteFile(input)),
    resolveDownload: fromPromise<string, string>(({ input }) => downloadLink(input)),
  },
});
