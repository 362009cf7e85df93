import type { WorkflowActor } from '../../machines/workflows/actor';
import type { PortalCalls } from './portal';

/** A demo account as the seed lists it (server/seed/employees.seed.ts). */
export interface CastLogin {
  username: string;
  roleCode: string;
  password: string;
  firstTime?: boolean;
}

interface Account {
  token: string;
  employeeId: string;
}

const COLLEAGUE_PASSWORD = 'Plan2026start';
const COLLEAGUE_CHANGED = 'Plan2026ready';

/**
 * Who plays each person of a workflow's example in a run: the first person of a role is the demo
 * login that holds it (as the plan names it); a second one of the same role — the colleague a step is
 * forwarded to — is an account the administrator creates for the run through the employee pages, where
 * the demo login of the role works, with its first password changed as any newcomer's.
 */
export class Cast {
  readonly #accounts = new Map<string, Promise<Account>>();

  constructor(
    private readonly portal: PortalCalls,
    private readonly logins: CastLogin[],
    private readonly runId: string,
    /** The workflow example's people, in order: the first of each role is the one the plan names by its demo login. */
    private readonly people: WorkflowActor[],
  ) {}

  /** The account that plays `actor` (made on first need). */
  account(actor: WorkflowActor): Promise<Account> {
    let account = this.#accounts.get(actor.id);
    if (!account) {
      account = this.#play(actor);
      this.#accounts.set(actor.id, account);
    }
    return account;
  }

  async #play(actor: WorkflowActor): Promise<Account> {
    const first = this.people.find((p) => p.role === actor.role)?.id ?? actor.id;
    const demo = this.logins.find((l) => l.roleCode === actor.role && !l.firstTime);
    if (demo && first === actor.id) return this.#login(demo.username, demo.password);
    return this.#colleague(actor);
  }

  async #login(username: string, password: string): Promise<Account> {
    const answer = await this.portal.post('/user/login', { username, password });
    if (answer.status !== 200) throw new Error(`login ${username}: ${answer.body?.message}`);
    const token = answer.body.results.token as string;
    return { token, employeeId: String(answer.body.results.employee.ObjectID) };
  }

  /**
   * Where a colleague works: where the demo login of their role does (its province, city and company,
   * as the administrator reads them on its account), so they see the records their demo colleague sees.
   */
  async #workplace(actor: WorkflowActor, adminToken: string) {
    const first = this.people.find((p) => p.role === actor.role);
    const demo = this.logins.find((l) => l.roleCode === actor.role && !l.firstTime);
    if (!first || first.id === actor.id || !demo) return {};
    const { employeeId } = await this.account(first);
    const read = await this.portal.post('/employee/getOne', { ObjectID: employeeId }, adminToken);
    if (read.status !== 200) throw new Error(`the account of ${demo.username}: ${read.body?.message}`);
    const { ProvinceCode, CityCode, ExtCompanyID_SDK } = read.body.results;
    return Object.fromEntries(
      Object.entries({ ProvinceCode, CityCode, ExtCompanyID_SDK }).filter(([, value]) => value),
    );
  }

  async #colleague(actor: WorkflowActor): Promise<Account> {
    const admin = this.logins.find((l) => l.username === 'admin');
    if (!admin) throw new Error('the cast needs the administrator to make a colleague');
    const { token } = await this.#login(admin.username, admin.password);
    const username = `plan.${actor.role.toLowerCase()}.${this.runId}.${this.#accounts.size}`;
    const created = await this.portal.post(
      '/employee/create',
      {
        ExtUserName_SDK: username,
        LastName: actor.name,
        ExtRoleCode_SDK: actor.role,
        Email: `${username}@portal.example`,
        Phone: '13800000000',
        Password: COLLEAGUE_PASSWORD,
        ...(await this.#workplace(actor, token)),
      },
      token,
    );
    if (created.status !== 200) throw new Error(`colleague ${username}: ${created.body?.message}`);
    const first = await this.#login(username, COLLEAGUE_PASSWORD);
    const changed = await this.portal.post(
      '/user/updatePassword',
      { oldPassword: COLLEAGUE_PASSWORD, newPassword: COLLEAGUE_CHANGED },
      first.token,
    );
    if (changed.status !== 200) throw new Error(`colleague ${username}: ${changed.body?.message}`);
    return this.#login(username, COLLEAGUE_CHANGED);
  }
}
