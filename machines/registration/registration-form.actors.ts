import { fromPromise } from 'xstate';
import {
  publicCities,
  publicProvinces,
  type Region,
  registerApplication,
} from '../../services/registration.service';
import { registrationFormMachine } from './registration-form.machine';

/** The registration form wired to the public calls. */
export const registrationFormLogic = registrationFormMachine.provide({
  actors: {
    loadProvinces: fromPromise<Region[], void>(() => publicProvinces()),
    loadCities: fromPromise<Region[], string>(({ input }) => publicCities(input)),
    submitRegistration: fromPromise<{ RegistrationNo: string }, Record<string, unknown>>(({ input }) =>
      registerApplication(input),
    ),
  },
});
