import { assign, emit, fromPromise, setup } from 'xstate';
import { errorText } from '../kit/error-text';

export interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

type FieldErrors = Partial<Record<keyof PasswordForm, string>>;

/** The portal's password policy, checked here for comfort and on the server for truth. */
const isStrong = (p: string) => p.length >= 8 && /[A-Za-z]/.test(p) && /\d/.test(p);

/**
 * `weakness` is what the strength estimator (domain/password-strength.ts, loaded by the page while the
 * user types) found wrong with the new password, as a message key; the basics are checked here.
 */
export function validatePasswordForm(form: PasswordForm, weakness?: string): FieldErrors {
  const errors: FieldErrors = {};
  if (!form.oldPassword) errors.oldPassword = 'required';
  if (!form.newPassword) errors.newPassword = 'required';
  else if (!isStrong(form.newPassword)) errors.newPassword = 'app.password.rule';
  else if (weakness) errors.newPassword = weakness;
  if (!form.confirmPassword) errors.confirmPassword = 'required';
  else if (form.confirmPassword !== form.newPassword) errors.confirmPassword = 'app.password.mismatch';
  return errors;
}

/**
 * Change password (SPEC §7 /user/updatePassword), forced at first login. After a change the form is
 * ready again: the page clears it when it hears `password.changed`.
 */
export const passwordChangeMachine = setup({
  types: {
    context: {} as { errors: FieldErrors; failure?: string },
    events: {} as { type: 'form.submit'; form: PasswordForm; weakness?: string },
    emitted: {} as { type: 'password.changed' },
  },
  actors: {
    updatePassword: fromPromise<void, PasswordForm>(async () => {
      throw new Error('updatePassword not provided');
    }),
  },
  guards: {
    isFormValid: ({ event }) => Object.keys(validatePasswordForm(event.form, event.weakness)).length === 0,
  },
}).createMachine({
  id: 'passwordChange',
  context: { errors: {} },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': [
          { guard: 'isFormValid', target: 'submitting', actions: assign({ errors: {}, failure: undefined }) },
          { actions: assign({ errors: ({ event }) => validatePasswordForm(event.form, event.weakness) }) },
        ],
      },
    },
    submitting: {
      tags: 'busy',
      invoke: {
        id: 'updatePassword',
        src: 'updatePassword',
        input: ({ event }) => (event as { form: PasswordForm }).form,
        onDone: { target: 'editing', actions: emit({ type: 'password.changed' }) },
        onError: {
          target: 'editing',
          actions: assign({ failure: ({ event }) => errorText(event.error) }),
        },
      },
    },
  },
});
