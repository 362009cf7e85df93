import { updatePassword } from '../../services/session.service';
import type { PasswordForm } from './password-change.machine';

/** Calls pages make through the machine layer (views never reach services directly). */
export const changePassword = (form: PasswordForm) =>
  updatePassword(form.oldPassword, form.newPassword).then(() => undefined);
