import { expect } from 'vitest';
import type { TestApp } from './harness';

/** Who a second person of an agent's staff is: a sign-in name, a name, a phone of their own. */
export interface Colleague {
  username: string;
  lastName: string;
  phone: string;
  /** Their password once past the first sign-in. */
  password: string;
}

/**
 * A second person of an agent's staff, as the administrator creates one (an RSP's role), past the
 * first sign-in as they would be: their token. Rules that are one person's (an applicant's) are tried
 * on them.
 */
export async function agentColleague(t: TestApp, companyId: string, who: Colleague): Promise<string> {
  const admin = await t.login('admin', 'Admin@123456');
  const created = await t.post(
    '/employee/create',
    {
      ExtUserName_SDK: who.username,
      LastName: who.lastName,
      ExtRoleCode_SDK: 'JS002',
      ExtCompanyID_SDK: companyId,
      Email: `${who.username}@agent.example`,
      Phone: who.phone,
      Password: 'Start2026a',
    },
    admin,
  );
  expect(created.body.state, created.body.message).toBe(true);
  const first = await t.login(who.username, 'Start2026a');
  const changed = await t.post(
    '/user/updatePassword',
    { oldPassword: 'Start2026a', newPassword: who.password },
    first,
  );
  expect(changed.body.state, changed.body.message).toBe(true);
  return t.login(who.username, who.password);
}
