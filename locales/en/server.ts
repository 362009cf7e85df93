import type { server as zh } from '../zh/server';

export const server: typeof zh = {
  invalidToken: 'The user info is invalid, please log in again',
  missingToken: 'Not logged in or the login has expired, please log in again',
  idleExpired: 'Login timed out, please log in again',
  badCredentials: 'Wrong username or password',
  accountDisabled: 'This account is disabled; contact the administrator',
  loginThrottled: 'Too many failed logins, try again in {{minutes}} minutes',
  passwordMismatch: 'The current password is not correct',
  passwordSame: 'The new password must differ from the current one',
  passwordWeak: 'The new password needs at least 8 characters with both letters and digits',
  passwordChanged: 'Password changed',
  loggedOut: 'Logged out',
  forbidden: 'You have no permission for this function',
  notFound: 'No such endpoint: {{path}}',
  invalidField: '{{field}}: {{problem}}',
  invalidBody: 'The request is malformed: {{problem}}',
  bodyTooLarge: 'The request body is too large',
  unknownRole: 'Role {{code}} does not exist',
  internal: 'Internal server error, please try again later',
  fieldRequired: '{{field}} is required',
};
