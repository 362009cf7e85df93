import { fromPromise } from 'xstate';
import { type PickerPage, searchPicker } from '../../services/lookup.service';
import { type PickerSearch, pickerMachine } from './picker.machine';

/** The picker statechart wired to its /portal search call. */
export const pickerLogic = pickerMachine.provide({
  actors: {
    fetchPage: fromPromise<PickerPage, PickerSearch>(({ input }) => searchPicker(input.endpoint, input.body)),
  },
});
