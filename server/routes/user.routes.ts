import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { businessTimeZone } from '../../domain/business-clock';
import { hashPassword, verifyPassword } from '../auth/password';
import { refuseWeakPassword } from '../auth/password-policy';
import { attemptSucceeded, reserveAttempt, throttleKeys } from '../auth/throttle';
import { issueToken, revokeOtherTokens, revokeToken } from '../auth/tokens';
import type { Db } from '../db/database';
import { callerOf } from '../http/auth';
import { ok, PortalError } from '../http/envelope';
import { langOf } from '../http/i18n';
import { parseBody } from '../http/validate';
import { findEmployeeByUsername, findEmployeeWithRole } from '../identity/employee.repo';
import { employeeToWire } from '../identity/employee.wire';

const credentials = z.object({
  username: z.string().trim().min(1).max(100),
  password: z.string().min(1).max(200),
});

const passwordChange = z.object({
  oldPassword: z.string().min(1).max(200),
  newPassword: z.string().min(1).max(200),
});

/** Session calls of SPEC §7: login, logout, user info and password change. */
export function userRoutes(app: FastifyInstance, db: Db) {
  app.post('/portal/user/login', { config: { public: true } }, async (request) => {
    const { username, password } = parseBody(credentials, request.body);
    const keys = throttleKeys(username, request.ip);
    const minutes = await reserveAttempt(db, keys);
    if (minutes > 0) throw new PortalError(429, 'server.loginThrottled', { minutes });

    const employee = await findEmployeeByUsername(db, username);
    // The hash is computed even for an unknown user, so timing does not tell which usernames exist.
    const valid = await verifyPassword(password, employee?.password_hash ?? DUMMY_HASH);
    // A failure needs no bookkeeping: the reserved attempt already counts as one.
    if (!employee || !valid) throw new PortalError(401, 'server.badCredentials');
    await attemptSucceeded(db, keys);
    if (!employee.enabled) throw new PortalError(403, 'server.accountDisabled');
    if (employee.password_expires_at && new Date(employee.password_expires_at) < new Date())
      throw new PortalError(403, 'server.temporaryPasswordExpired');
    const token = await issueToken(db, employee.object_id);
    const withRole = await findEmployeeWithRole(
      db,
      employee.object_id,
      langOf(request.headers['accept-language']),
    );
    return ok({
      token,
      employee: { ...employeeToWire(withRole!, withRole!.role_name), TimeZone: businessTimeZone() },
    });
  });

  app.post('/portal/user/logout', { config: { access: 'session' } }, async (request) => {
    const token = request.headers['x-token'] as string;
    await revokeToken(db, token);
    return ok(null, { message: 'server.loggedOut' });
  });

  app.post('/portal/user/getInfo', { config: { access: 'session' } }, async (request) => {
    const caller = callerOf(request);
    const row = await findEmployeeWithRole(db, caller.employeeId, langOf(request.headers['accept-language']));
    return ok({ ...employeeToWire(row!, row!.role_name), TimeZone: businessTimeZone() });
  });

  app.post('/portal/user/updatePassword', { config: { access: 'session' } }, async (request) => {
    const caller = callerOf(request);
    const { oldPassword, newPassword } = parseBody(passwordChange, request.body);
    // Guesses at the old password count against the account like wrong logins (a session left open
    // must not become a way to try passwords without the lock).
    const keys = throttleKeys(caller.username, request.ip);
    const minutes = await reserveAttempt(db, keys);
    if (minutes > 0) throw new PortalError(429, 'server.loginThrottled', { minutes });
    const employee = await findEmployeeByUsername(db, caller.username);
    if (!employee || !(await verifyPassword(oldPassword, employee.password_hash))) {
      throw new PortalError(400, 'server.passwordMismatch');
    }
    await attemptSucceeded(db, keys);
    if (oldPassword === newPassword) throw new PortalError(400, 'server.passwordSame');
    refuseWeakPassword(newPassword, caller.username, (problem) =>
      problem.basic
        ? new PortalError(400, 'server.passwordWeak')
        : new PortalError(400, 'passwordStrength.refused', { reason: problem.message }),
    );
    const passwordHash = await hashPassword(newPassword);
    await db.transaction().execute(async (trx) => {
      await trx
        .updateTable('employee')
        .set((eb) => ({
          password_hash: passwordHash,
          password_changed_at: new Date(),
          password_expires_at: null,
          first_time: false,
          updated_at: new Date(),
          version: eb('version', '+', 1),
        }))
        .where('object_id', '=', caller.employeeId)
        .execute();
      await revokeOtherTokens(trx, caller.employeeId, caller.tokenHash);
    });
    return ok(null, { message: 'server.passwordChanged' });
  });
}

// A valid hash of a random password, used only to spend the same time on unknown usernames.
const DUMMY_HASH = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA==$Vj0VnGn2b1Q6sJmGfW0mI2yq1m4mQ2oYx1c6V9m3H7Q=';
