import { fromCallback, fromPromise } from 'xstate';
import type { PickerPage } from '../../services/lookup.service';
import { discardLicence, publicRegistrySearch, uploadLicence } from '../../services/registration.service';
import { UploadFailed } from '../../services/upload.service';
import { companyLookupMachine } from '../kit/company-lookup.machine';
import type { CompanyRecord, LocalSearch, RegistrySearch } from '../kit/company-lookup.types';
import { uploadMachine } from '../kit/upload.machine';
import type { SendFileInput, UploadEvent } from '../kit/upload.types';

const registryAsLocal = async (input: LocalSearch): Promise<PickerPage> => {
  const page = await publicRegistrySearch({ ...input, searchKey: input.keyword });
  return {
    total: page.total,
    sample: page.sample,
    rows: page.rows.map((r) => ({
      CompanyName: r.Name,
      CreditCode: r.CreditCode,
      Representative: r.OperName,
    })),
  };
};

/**
 * The company lookup for an applicant without a login: its first search is the public registry
 * search (there are no local customers to show a stranger); a name typed by hand is not recorded,
 * since the application itself records it.
 */
export const publicCompanyLookupLogic = companyLookupMachine.provide({
  actors: {
    searchLocal: fromPromise<PickerPage, LocalSearch>(({ input }) => registryAsLocal(input)),
    searchRegistry: fromPromise<PickerPage, RegistrySearch>(({ input }) => publicRegistrySearch(input)),
    recordCompany: fromPromise<unknown, CompanyRecord>(async () => undefined),
  },
});

/**
 * The licence upload without a login: the public upload address, tagged with the region chosen so
 * far (read when the file is sent), and a delete that only takes back a licence not yet submitted.
 */
export const publicLicenceLogic = (region: () => { ProvinceCode?: string; CityCode?: string }) =>
  uploadMachine.provide({
    actors: {
      sendFile: fromCallback<UploadEvent, SendFileInput>(({ input, sendBack }) => {
        if (!(input.source instanceof File)) {
          sendBack({ type: 'upload.fail' });
          return () => {};
        }
        const handle = uploadLicence(input.source, region(), (percent) =>
          sendBack({ type: 'upload.progress', percent }),
        );
        handle.done.then(
          (file) => sendBack({ type: 'upload.done', objectId: file.ObjectID, fileUrl: file.FileURL }),
          (error) =>
            sendBack({
              type: 'upload.fail',
              reason: error instanceof UploadFailed ? error.reason : undefined,
            }),
        );
        return () => handle.abort();
      }),
      deleteFile: fromPromise<void, string>(async ({ input }) => {
        await discardLicence(input);
      }),
      resolveDownload: fromPromise<string, string>(async () => {
        throw new Error('an applicant cannot download');
      }),
    },
  });
