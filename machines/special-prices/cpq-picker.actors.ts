import { fromPromise } from 'xstate';
import { fetchCpqClasses, fetchCpqConfigurations, fetchCpqPrice } from '../../services/cpq.service';
import { type CpqClass, type CpqConfiguration, type CpqPrice, cpqPickerMachine } from './cpq-picker.machine';

/** The configuration picker wired to the portal's CPQ calls. */
export const cpqPickerLogic = cpqPickerMachine.provide({
  actors: {
    loadClasses: fromPromise<CpqClass[], string | undefined>(({ input }) => fetchCpqClasses(input)),
    loadConfigurations: fromPromise<CpqConfiguration[], string>(({ input }) =>
      fetchCpqConfigurations({ model: input }),
    ),
    loadPrice: fromPromise<CpqPrice, string>(({ input }) => fetchCpqPrice(input)),
  },
});
